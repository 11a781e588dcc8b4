import { bothThemes, titleIcon } from "../../ui/icons";

/** The adviser: a person. */
export const ADVISER_ICON = bothThemes(
  titleIcon(
    "user",
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>,
  ),
);
