import { bothThemes, titleIcon } from "../../ui/icons";

/** Help logging in: a lifebuoy. */
export const LOGIN_HELP_ICON = bothThemes(
  titleIcon(
    "lifebuoy",
    <>
      <circle cx="12" cy="12" r="10" />
      <circle cx="12" cy="12" r="4" />
      <path d="m4.9 4.9 4.3 4.3M14.8 14.8l4.3 4.3M14.8 9.2l4.3-4.3M4.9 19.1l4.3-4.3" />
    </>,
  ),
);
