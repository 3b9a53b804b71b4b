/**
 * The machines whose generated paths run through the real screens
 * (tests/e2e/ui-paths.spec.ts), each with its path specs and UI driver.
 */
import type { PathSpec } from '../framework.ts';
import { specs as depositSpecs } from '../../flows/deposit/paths.ts';
import { specs as loanSpecs } from '../../flows/loan/paths.ts';
import { specs as withdrawSpecs } from '../../flows/withdraw/paths.ts';
import type { UiDriver } from './driver.ts';
import { depositUi } from '../../flows/deposit/ui.ts';
import { loanUi } from '../../flows/loan/ui.ts';
import { withdrawUi } from '../../flows/withdraw/ui.ts';
import { specs as optionSettlementSpecs } from '../../flows/optionSettlement/paths.ts';
import { optionSettlementUi } from '../../flows/optionSettlement/ui.ts';
import { specs as sessionSpecs } from '../../flows/session/paths.ts';
import { sessionUi } from '../../flows/session/ui.ts';
import { specs as loginSpecs } from '../../flows/login/paths.ts';
import { loginUi } from '../../flows/login/ui.ts';
import { specs as registerSpecs } from '../../flows/register/paths.ts';
import { registerUi } from '../../flows/register/ui.ts';
import { specs as realtimeSpecs } from '../../flows/realtime/paths.ts';
import { realtimeUi } from '../../flows/realtime/ui.ts';

export interface UiMachine {
  driver: UiDriver;
  specs: PathSpec[];
}

export const UI_MACHINES: UiMachine[] = [
  { driver: withdrawUi, specs: withdrawSpecs },
  { driver: loanUi, specs: loanSpecs },
  { driver: depositUi, specs: depositSpecs },
  { driver: optionSettlementUi, specs: optionSettlementSpecs },
  { driver: sessionUi, specs: sessionSpecs },
  { driver: loginUi, specs: loginSpecs },
  { driver: registerUi, specs: registerSpecs },
  { driver: realtimeUi, specs: realtimeSpecs },
];
