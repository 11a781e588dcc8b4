import { bothThemes, titleIcon } from "../../ui/icons";

/** A forgotten password, every step: a padlock opened. */
export const FORGOT_PASSWORD_ICON = bothThemes(
  titleIcon("lock-open", "M6 11h12a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-6a2 2 0 0 1 2 -2zM8 11V7a4 4 0 0 1 7.7-1.5"),
);

/** Changing the password: a padlock. */
export const PASSWORD_UPDATE_ICON = bothThemes(
  titleIcon("lock", "M6 11h12a2 2 0 0 1 2 2v6a2 2 0 0 1 -2 2h-12a2 2 0 0 1 -2 -2v-6a2 2 0 0 1 2 -2zM8 11V7a4 4 0 0 1 8 0v4M12 15v2"),
);
