import type { ReactElement, SVGProps } from "react";
import type { Theme } from "../contract/constants";

/** Inline SVG icons: decorative unless given a title; no icon font, no extra request. */
export type IconProps = SVGProps<SVGSVGElement>;

export function Svg({ children, ...props }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const ToolIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M14.7 6.3a4 4 0 0 0-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 0 0 5.4-5.4l-2.5 2.5-2.5-.5-.5-2.5z" />
  </Svg>
);

/** A page title's icon in one theme: its name (`data-icon`, for tests and host styles) and its drawing. */
export interface TitleIcon {
  readonly name: string;
  readonly Draw: (p: IconProps) => ReactElement;
}

/**
 * A screen's title icon in each theme (SPEC §1: page title icons change per theme). Each area
 * declares its screens' icons beside them (its `icons.tsx`), so a screen's chunk carries its own
 * drawings and the core none; the AGRI theme also sets every icon on a leaf (base.css).
 */
export type ScreenIcon = Readonly<Record<Theme, TitleIcon>>;

/** A title icon drawn by one path (`d` on the 24-unit grid, stroked like every icon here). */
export const titleIcon = (name: string, d: string): TitleIcon => ({
  name,
  Draw: (p) => (
    <Svg {...p}>
      <path d={d} />
    </Svg>
  ),
});

/** A screen whose drawing is the same in both themes (the leaf still tells them apart). */
export const bothThemes = (icon: TitleIcon): ScreenIcon => ({ MACC: icon, AGRI: icon });

export const MaintenanceIcon = ToolIcon;
