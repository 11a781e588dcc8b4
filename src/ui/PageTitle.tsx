import { createContext, useContext, useLayoutEffect, useRef, type ReactNode } from "react";
import { useElement } from "./context";
import type { ScreenIcon } from "./icons";

/**
 * Where a screen's heading is told to the portal shell, which names the tab and <main> after it (a
 * screen with steps, the password reset's "Choose a new password", is named as the step it shows)
 * and moves focus to it after a change of screen.
 */
export const HeadingReport = createContext<((heading: HTMLHeadingElement) => void) | null>(null);

/** Page titles carry the screen's icon, drawn for the theme (SPEC §1). */
export function PageTitle({ children, id, icon }: { children: ReactNode; id?: string; icon: ScreenIcon }) {
  const { theme } = useElement();
  const report = useContext(HeadingReport);
  const heading = useRef<HTMLHeadingElement>(null);
  useLayoutEffect(() => {
    if (report && heading.current) report(heading.current);
  });
  const { name, Draw } = icon[theme];
  return (
    <h1 className="page-title" id={id} part="title" ref={heading}>
      <Draw data-icon={name} />
      <span>{children}</span>
    </h1>
  );
}
