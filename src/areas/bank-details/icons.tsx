import { titleIcon, type ScreenIcon } from "../../ui/icons";

/** Bank details: a bank at MACC, a payment card at AGRIMACC. */
export const BANK_DETAILS_ICON: ScreenIcon = {
  MACC: titleIcon("landmark", <path d="M3 21h18M5 18v-7M9.5 18v-7M14.5 18v-7M19 18v-7M12 3l9 5H3z" />),
  AGRI: titleIcon(
    "credit-card",
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <path d="M2 10h20M6 15h4" />
    </>,
  ),
};
