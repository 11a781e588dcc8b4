import { area } from "../src/areas/maintenance/area";
import { Maintenance } from "../src/areas/maintenance/Maintenance";
import { defineElement } from "./define";

defineElement("macc-maintenance", Maintenance, area);
