import { area } from "../src/areas/action-banner/area";
import { ActionBanner } from "../src/areas/action-banner/ActionBanner";
import { defineElement } from "./define";

defineElement("macc-action-banner", ActionBanner, area);
