import { salesDeps } from '../sales/deps';
import type { ReportsDeps } from './ports';

/** The sales area's repository, built once per container with the sales routes' deps. */
export const reportsDeps = (): ReportsDeps => salesDeps();
