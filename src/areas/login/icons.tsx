import { titleIcon, type ScreenIcon } from "../../ui/icons";

/** The login: a key at MACC, the member's silhouette at AGRIMACC. */
export const LOGIN_ICON: ScreenIcon = {
  MACC: titleIcon(
    "key",
    <>
      <circle cx="7.5" cy="15.5" r="5.5" />
      <path d="m21 2-9.6 9.6M15.5 7.5l3 3L22 7l-3-3" />
    </>,
  ),
  AGRI: titleIcon(
    "circle-user",
    <>
      <circle cx="12" cy="12" r="10" />
      <circle cx="12" cy="10" r="3" />
      <path d="M7 20.7a6 6 0 0 1 10 0" />
    </>,
  ),
};
