// Benchmark: the time-up storm over two API processes and two workers (exam-time-up-storm-cluster.mjs)
// while a deploy replaces every process one by one around the moment the 1,000 deadlines fall due.
import { runStorm } from './exam-time-up-storm.mjs';

export const id = 'exam-time-up-storm-rolling-restart';
export const title = 'Exam time-up storm during a rolling restart of two API processes and two workers';

export const run = () => runStorm({ id, title, processes: 2, rollingRestart: true });
