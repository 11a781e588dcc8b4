import { area } from "../src/areas/product-fleet/area";
import { ProductFleet } from "../src/areas/product-fleet/ProductFleet";
import { defineElement } from "./define";

defineElement("macc-product-fleet", ProductFleet, area);
