// Moves this Node process's wall clock (`Date.now()`, `new Date()`) by CUSTOS_CLOCK_OFFSET_MS, for
// running tests at a chosen time of day (scripts/at-time.sh, docs/testing.md "Tests and the wall
// clock"). Loaded with `node --import`; child processes that inherit NODE_OPTIONS shift alike.
const offset = Number(process.env.CUSTOS_CLOCK_OFFSET_MS ?? 0);
if (Number.isFinite(offset) && offset !== 0) {
  const RealDate = Date;
  function ShiftedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return Reflect.construct(RealDate, args.length === 0 ? [RealDate.now() + offset] : args, new.target);
  }
  ShiftedDate.prototype = RealDate.prototype;
  Object.setPrototypeOf(ShiftedDate, RealDate);
  ShiftedDate.now = () => RealDate.now() + offset;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  globalThis.Date = ShiftedDate;
}
