import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from "react";
import { useElement } from "./context";
import { AgriTitleIcon, MaccTitleIcon } from "./icons";

/**
 * Where a screen's heading is told to the portal shell, which names the tab and <main> after it:
 * a screen with steps (the password reset's "Choose a new password") is named as the step it shows.
 */
export const HeadingReport = createContext<((heading: string) => void) | null>(null);

/** Page titles carry the theme's icon (SPEC §1). */
export function PageTitle({ children, id }: { children: ReactNode; id?: string }) {
  const { theme } = useElement();
  const report = useContext(HeadingReport);
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    const text = heading.current?.textContent?.trim();
    if (report && text) report(text);
  });
  const Icon = theme === "AGRI" ? AgriTitleIcon : MaccTitleIcon;
  return (
    <h1 className="page-title" id={id} part="title" ref={heading}>
      <Icon data-icon={theme === "AGRI" ? "agri" : "macc"} />
      <span>{children}</span>
    </h1>
  );
}
