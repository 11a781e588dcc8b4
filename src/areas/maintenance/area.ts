import type { AreaDeclaration } from "../../core/tags";

/**
 * The maintenance area's texts and styles: none of its own (the notice's texts are the shared
 * catalog's). Declared all the same, so its element and the portal's shell read it like any area.
 */
export const area: AreaDeclaration = { catalogs: [], styles: [] };
