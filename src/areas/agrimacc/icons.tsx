import { bothThemes, titleIcon } from "../../ui/icons";

/** AGRIMACC's landing (always in the AGRI theme): a sprouting leaf. */
export const AGRIMACC_ICON = bothThemes(titleIcon("sprout", "M12 21v-8M12 13c0-5 3-8 9-8 0 6-3 9-9 8zM12 15c0-4-2-6-7-6 0 4 2 7 7 6z"));
