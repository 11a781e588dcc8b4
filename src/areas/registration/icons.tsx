import { bothThemes, titleIcon } from "../../ui/icons";

/** Registration: a person being added. */
export const REGISTRATION_ICON = bothThemes(
  titleIcon("user-plus", "M5 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M2 21v-2a4 4 0 0 1 4-4h6a4 4 0 0 1 4 4v2M19 8v6M22 11h-6"),
);
