import { useLayoutEffect, type ComponentType } from "react";
import { isLogged } from "../../core/store";
import { useElement } from "../../ui/context";

/**
 * Opening the agri brand's landing is arriving on the agri brand's site: like `?site=agrimacc`
 * (SPEC §4), a visitor's theme becomes AGRI and is stored, so logging in, registering or
 * contacting from here stays AGRIMACC's (its colours, its network's services). A logged-in
 * customer keeps the theme of their company's network, as on every page.
 *
 * Comes with the portal rather than with the landing's code, and switches before the first
 * paint: a deep link to the landing never shows the MACC header first.
 */
export function inAgriSite<P extends object>(View: ComponentType<P>): ComponentType<P> {
  return function AgriSite(props: P) {
    const { core } = useElement();
    useLayoutEffect(() => {
      const state = core.store.getState();
      if (!isLogged(state) && state.app.siteTheme !== "AGRI") state.setSiteTheme("AGRI");
    }, [core]);
    return <View {...props} />;
  };
}
