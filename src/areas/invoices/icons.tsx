import { titleIcon, type ScreenIcon } from "../../ui/icons";

/** Invoices: a document at MACC (as on its dashboard tile), a till receipt at AGRIMACC. */
export const INVOICES_ICON: ScreenIcon = {
  MACC: titleIcon("file-text", "M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zM14 2v6h6M8 13h8M8 17h6"),
  AGRI: titleIcon(
    "receipt",
    "M5 2v20l2.3-1.5L9.7 22l2.3-1.5 2.3 1.5 2.4-1.5L19 22V2l-2.3 1.5L14.3 2 12 3.5 9.7 2 7.3 3.5zM9 8h6M9 12h6M9 16h4",
  ),
};
