import type { Command } from './command.ts';
import { registerGroupMargin } from '../../engine/fit/index.ts';
import { pack } from './pack/pack.ts';
import { realizeCommand } from './realize.ts';
import { sweep } from './tradeoff/sweep.ts';
import { inspect } from './inspect.ts';
import { reduce } from './reduce.ts';
import { tune } from './tune/tune.ts';
import { calibrateCommand } from './tune/calibrate.ts';
import { paperCommand } from './paper/paper.ts';
import { cluster } from './cluster/cluster.ts';
import { simulate } from './timeline/simulate.ts';
import { resize } from './resize/resize.ts';
import { resizeReport } from './resize/resizeReport.ts';
import { correlate } from './correlate.ts';
import { correlationReport } from './correlationReport.ts';
import { assess } from './assess.ts';
import { advise } from './schedulers/advise.ts';
import { replay } from './whatif/replay.ts';
import { rightsize } from './rightsize/rightsize.ts';
import { generate } from './generate.ts';
import { rightsizeReport } from './rightsize/rightsizeReport.ts';
import { adviceFutures } from './adviceFutures.ts';
import { adviceReport } from './adviceReport.ts';
import { replayReport } from './whatif/replayReport.ts';

export type { Command } from './command.ts';

// Fit tests the command line measures and the page does not offer (its first page is full).
registerGroupMargin();

/** Every command of the command line, by name; a new command adds one line here. */
export const COMMANDS: Record<string, Command> = { pack, realize: realizeCommand, sweep };
COMMANDS.inspect = inspect;
COMMANDS.reduce = reduce;
COMMANDS.tune = tune;
COMMANDS.calibrate = calibrateCommand;
COMMANDS.paper = paperCommand;
COMMANDS.cluster = cluster;
COMMANDS.simulate = simulate;
COMMANDS.resize = resize;
COMMANDS['resize-report'] = resizeReport;
COMMANDS.correlate = correlate;
COMMANDS['correlation-report'] = correlationReport;
COMMANDS.assess = assess;
COMMANDS.advise = advise;
COMMANDS.replay = replay;
COMMANDS.rightsize = rightsize;
COMMANDS.generate = generate;
COMMANDS['rightsize-report'] = rightsizeReport;
COMMANDS['advice-report'] = adviceReport;
COMMANDS['advice-futures'] = adviceFutures;
COMMANDS['replay-report'] = replayReport;
