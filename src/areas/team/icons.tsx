import { bothThemes, titleIcon } from "../../ui/icons";

/** The team: two people. */
export const TEAM_ICON = bothThemes(
  titleIcon("users", "M6 8a3 3 0 1 0 6 0a3 3 0 1 0 -6 0M2 20a7 7 0 0 1 14 0M15 5a3 3 0 0 1 0 6M18 20a7 7 0 0 0 -3 -5.7"),
);
/** An invitation: an envelope. */
export const INVITATION_ICON = bothThemes(titleIcon("mail", "M3 6h18v12H3zM3 6l9 7 9-7"));
