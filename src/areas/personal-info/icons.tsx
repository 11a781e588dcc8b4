import { bothThemes, titleIcon } from "../../ui/icons";

/** My information: an identity card. */
export const PERSONAL_INFO_ICON = bothThemes(
  titleIcon(
    "id-card",
    <>
      <rect x="2" y="5" width="20" height="14" rx="2" />
      <circle cx="8" cy="11" r="2" />
      <path d="M5 16a3 3 0 0 1 6 0M14 10h5M14 14h3" />
    </>,
  ),
);

/** Confirming the information (and the migration welcome): a clipboard ticked. */
export const CONFIRMATION_ICON = bothThemes(
  titleIcon(
    "clipboard-check",
    <>
      <rect x="8" y="2" width="8" height="4" rx="1" />
      <path d="M16 4h2a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h2M9 14l2 2 4-4" />
    </>,
  ),
);
