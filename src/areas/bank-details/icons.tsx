import { titleIcon, type ScreenIcon } from "../../ui/icons";

/** Bank details: a bank at MACC, a payment card at AGRIMACC. */
export const BANK_DETAILS_ICON: ScreenIcon = {
  MACC: titleIcon("landmark", "M3 21h18M5 18v-7M9.5 18v-7M14.5 18v-7M19 18v-7M12 3l9 5H3z"),
  AGRI: titleIcon("credit-card", "M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-16a2 2 0 0 1 -2 -2v-10a2 2 0 0 1 2 -2zM2 10h20M6 15h4"),
};
