/** The protest room's answer to the results module's app/resources.ts port: cases still open (lodged or scheduled, not decided) that concern the races. */
import type { ResultsResources } from '../../results/app/resources.js';
import { countOpenProtests } from '../store/protests.js';

export const openHearings: ResultsResources['openHearings'] = (client, scope) => countOpenProtests(client, scope);
