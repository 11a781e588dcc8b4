import { titleIcon, type ScreenIcon } from "../../ui/icons";

/** The company choice: an office building at MACC, a barn at AGRIMACC. */
export const COMPANY_ICON: ScreenIcon = {
  MACC: titleIcon("building", "M3 21h18M5 21V7l7-4 7 4v14M9 21v-6h6v6M9 10h.01M15 10h.01"),
  AGRI: titleIcon("barn", "M3 21V9l9-6 9 6v12M1 21h22M8 21v-8h8v8M8 13l8 8M16 13l-8 8M10 8h4"),
};
