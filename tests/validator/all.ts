// Every validator suite in one process, so they share the one validator cluster.ts starts and the one
// deployment of marquee.so (each of `node --test`'s files would otherwise be a process with its own).
// Imported statically, so cluster.ts's hooks belong to the whole run and the validator stops once,
// after the last suite. A suite can still run alone: `node --import tsx --test tests/validator/<file>.test.ts`.
import './real-validator.test.ts';
import './auto-list.test.ts';
import './auto-list-journey.test.ts';
