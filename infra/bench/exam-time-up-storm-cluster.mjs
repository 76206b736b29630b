// Benchmark: the time-up storm of exam-time-up-storm.mjs against the scale-out of `npm run start:cluster`:
// two API processes (the learners' sockets spread over both) and two workers.
import { runStorm } from './exam-time-up-storm.mjs';

export const id = 'exam-time-up-storm-cluster';
export const title = 'Exam time-up storm over two API processes and two workers: 1,000 sessions with the same deadline';

export const run = () => runStorm({ id, title, processes: 2 });
