import { bothThemes, titleIcon } from "../../ui/icons";

/** My information: an identity card. */
export const PERSONAL_INFO_ICON = bothThemes(
  titleIcon(
    "id-card",
    "M4 5h16a2 2 0 0 1 2 2v10a2 2 0 0 1 -2 2h-16a2 2 0 0 1 -2 -2v-10a2 2 0 0 1 2 -2zM6 11a2 2 0 1 0 4 0a2 2 0 1 0 -4 0M5 16a3 3 0 0 1 6 0M14 10h5M14 14h3",
  ),
);

/** Confirming the information (and the migration welcome): a clipboard ticked. */
export const CONFIRMATION_ICON = bothThemes(
  titleIcon(
    "clipboard-check",
    "M9 2h6a1 1 0 0 1 1 1v2a1 1 0 0 1 -1 1h-6a1 1 0 0 1 -1 -1v-2a1 1 0 0 1 1 -1zM16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M9 14l2 2 4-4",
  ),
);

/** The e-mail change's landing (CHANGEMENT_EMAIL): an envelope ticked. */
export const EMAIL_CHANGE_ICON = bothThemes(
  titleIcon("envelope-check", "M21 12V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h8M3 7l9 6 9-6M16 19l2 2 4-4"),
);
