import { bothThemes, titleIcon } from "../../ui/icons";

/** The notification centre: a bell. */
export const NOTIFICATIONS_ICON = bothThemes(
  titleIcon("bell", "M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3H4a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6M9 17v1a3 3 0 0 0 6 0v-1"),
);
