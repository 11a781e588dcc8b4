import { titleIcon, type ScreenIcon } from "../../ui/icons";

/** The login: a key at MACC, the member's silhouette at AGRIMACC. */
export const LOGIN_ICON: ScreenIcon = {
  MACC: titleIcon("key", "M2 15.5a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0 -11 0M21 2l-9.6 9.6M15.5 7.5l3 3L22 7l-3-3"),
  AGRI: titleIcon("circle-user", "M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0M9 10a3 3 0 1 0 6 0a3 3 0 1 0 -6 0M7 20.7a6 6 0 0 1 10 0"),
};
