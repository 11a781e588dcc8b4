import { area } from "../src/areas/bank-details/area";
import { BankDetails } from "../src/areas/bank-details/BankDetails";
import { defineElement } from "./define";

defineElement("macc-bank-details", BankDetails, area);
