/**
 * The machines whose generated paths run through the real screens
 * (tests/e2e/ui-paths.spec.ts), each with its path specs and UI driver.
 */
import type { PathSpec } from '../framework.ts';
import { specs as withdrawSpecs } from '../specs/withdraw.paths.ts';
import type { UiDriver } from './driver.ts';
import { withdrawUi } from './withdraw.ui.ts';
import { specs as loginSpecs } from '../specs/login.paths.ts';
import { loginUi } from './login.ui.ts';
import { specs as registerSpecs } from '../specs/register.paths.ts';
import { registerUi } from './register.ui.ts';

export interface UiMachine {
  driver: UiDriver;
  specs: PathSpec[];
}

export const UI_MACHINES: UiMachine[] = [
  { driver: withdrawUi, specs: withdrawSpecs },
  { driver: loginUi, specs: loginSpecs },
  { driver: registerUi, specs: registerSpecs },
];
