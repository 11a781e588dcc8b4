import { bothThemes, titleIcon } from "../../ui/icons";

/** A forgotten password, every step: a padlock opened. */
export const FORGOT_PASSWORD_ICON = bothThemes(
  titleIcon(
    "lock-open",
    <>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 7.7-1.5" />
    </>,
  ),
);

/** Changing the password: a padlock. */
export const PASSWORD_UPDATE_ICON = bothThemes(
  titleIcon(
    "lock",
    <>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4M12 15v2" />
    </>,
  ),
);
