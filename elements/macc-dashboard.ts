import { area } from "../src/areas/dashboard/area";
import { Dashboard } from "../src/areas/dashboard/Dashboard";
import { defineElement } from "./define";

defineElement("macc-dashboard", Dashboard, area);
