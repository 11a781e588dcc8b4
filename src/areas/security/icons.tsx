import { bothThemes, titleIcon } from "../../ui/icons";

/** Security: a shield. */
export const SECURITY_ICON = bothThemes(titleIcon("shield", "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6zM9 12l2 2 4-4"));
