import { bothThemes, titleIcon } from "../ui/icons";

/** An address the portal does not know: a magnifying glass. */
export const NOT_FOUND_ICON = bothThemes(
  titleIcon(
    "search",
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" />
    </>,
  ),
);
