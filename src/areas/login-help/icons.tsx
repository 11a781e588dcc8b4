import { bothThemes, titleIcon } from "../../ui/icons";

/** Help logging in: a lifebuoy. */
export const LOGIN_HELP_ICON = bothThemes(
  titleIcon(
    "lifebuoy",
    "M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M4.9 4.9l4.3 4.3M14.8 14.8l4.3 4.3M14.8 9.2l4.3-4.3M4.9 19.1l4.3-4.3",
  ),
);
