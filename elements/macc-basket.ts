import { area } from "../src/areas/basket/area";
import { Basket } from "../src/areas/basket/Basket";
import { defineElement } from "./define";

defineElement("macc-basket", Basket, area);
