import { area } from "../src/areas/add-to-basket/area";
import { AddToBasket } from "../src/areas/add-to-basket/AddToBasket";
import { defineElement } from "./define";

defineElement("macc-add-to-basket", AddToBasket, area);
