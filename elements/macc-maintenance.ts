import { Maintenance } from "../src/areas/maintenance/Maintenance";
import { defineElement } from "./define";

defineElement("macc-maintenance", Maintenance);
