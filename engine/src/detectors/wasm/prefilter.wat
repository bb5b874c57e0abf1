;; The scanner's prefilter passes in WebAssembly (issue 24: speed). Source of prefilter-wasm.ts,
;; which `npm run build:wasm` (scripts/build-scan-wasm.mjs) regenerates; the engine never needs a
;; compiler at install time. The text sits in linear memory as UTF-16 code units (little-endian,
;; as `Buffer#write(…, 'utf16le')` leaves it); offsets written out are code-unit offsets.
(module
  (memory (export "memory") 1)

;; Memory bytes 0–7 hold the resume point of a pass that stopped on a full output buffer:
;; i32 at 0 = the automaton's row, i32 at 4 = the next code-unit offset to read.

  ;; Aho-Corasick over the dense DFA of aho-corasick.ts: classOf is 65,536 u16 classes, delta the
  ;; i32 table (next row, bitwise-negated when the state has outputs). Reads code units [from,
  ;; len) of `text`, starting in the row stored at 0. For every character that lands in a state
  ;; with outputs, writes the pair (row, end offset) at `out`; stops early when `cap` pairs are
  ;; written. Leaves the row and the next offset at 0 and 4; returns the pair count.
  (func (export "ac")
    (param $text i32) (param $from i32) (param $len i32) (param $classOf i32) (param $delta i32)
    (param $out i32) (param $cap i32)
    (result i32)
    (local $p i32) (local $end i32) (local $row i32) (local $next i32) (local $o i32)
    (local $outEnd i32)
    (local.set $o (local.get $out))
    (local.set $outEnd (i32.add (local.get $out) (i32.shl (local.get $cap) (i32.const 3))))
    (local.set $row (i32.load (i32.const 0)))
    (local.set $p (i32.add (local.get $text) (i32.shl (local.get $from) (i32.const 1))))
    (local.set $end (i32.add (local.get $text) (i32.shl (local.get $len) (i32.const 1))))
    (block $done
      (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
      (loop $next_char
        (local.set $next
          (i32.load
            (i32.add
              (local.get $delta)
              (i32.shl
                (i32.add
                  (local.get $row)
                  (i32.load16_u
                    (i32.add
                      (local.get $classOf)
                      (i32.shl (i32.load16_u (local.get $p)) (i32.const 1)))))
                (i32.const 2)))))
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
        (if (i32.lt_s (local.get $next) (i32.const 0))
          (then
            (local.set $next (i32.xor (local.get $next) (i32.const -1)))
            (i32.store (local.get $o) (local.get $next))
            (i32.store offset=4
              (local.get $o)
              (i32.shr_u (i32.sub (local.get $p) (local.get $text)) (i32.const 1)))
            (local.set $o (i32.add (local.get $o) (i32.const 8)))
            (local.set $row (local.get $next))
            (br_if $done (i32.ge_u (local.get $o) (local.get $outEnd)))
            (br_if $next_char (i32.lt_u (local.get $p) (local.get $end)))
            (br $done)))
        (local.set $row (local.get $next))
        (br_if $next_char (i32.lt_u (local.get $p) (local.get $end)))))
    (i32.store (i32.const 0) (local.get $row))
    (i32.store (i32.const 4) (i32.shr_u (i32.sub (local.get $p) (local.get $text)) (i32.const 1)))
    (i32.shr_u (i32.sub (local.get $o) (local.get $out)) (i32.const 3)))

  ;; Separator of a digit run: space, - . / ( ) : and no-break space. (V8 does not inline calls
  ;; between WebAssembly functions: the hot loops below spell the tests out.)
  (func $sep (param $c i32) (result i32)
    (i32.or
      (i32.or (i32.eq (local.get $c) (i32.const 32)) (i32.eq (local.get $c) (i32.const 160)))
      (i32.or
        (i32.le_u (i32.sub (local.get $c) (i32.const 45)) (i32.const 2))
        (i32.or
          (i32.le_u (i32.sub (local.get $c) (i32.const 40)) (i32.const 1))
          (i32.eq (local.get $c) (i32.const 58))))))

  ;; Digit runs as digit-runs.ts defines them (a digit, then digits each after at most two
  ;; separators), those with at least $min digits, starting the search at code unit `from`. Each
  ;; run writes seven i32 at `out`: start, end, digits, longest digit group, dots, colons, `::`
  ;; seen. Stops after `cap` runs, leaving the offset to resume from at 4; returns the run count.
  (func (export "runs")
    (param $text i32) (param $from i32) (param $len i32) (param $min i32) (param $out i32)
    (param $cap i32) (result i32)
    (local $i i32) (local $j i32) (local $k i32) (local $c i32) (local $o i32)
    (local $start i32) (local $digits i32) (local $group i32) (local $maxGroup i32)
    (local $dots i32) (local $colons i32) (local $double i32) (local $prev i32)
    (local $outEnd i32)
    (local.set $o (local.get $out))
    (local.set $outEnd (i32.add (local.get $out) (i32.mul (local.get $cap) (i32.const 28))))
    (local.set $i (local.get $from))
    (block $done
      (loop $scan
        ;; Skip to the next digit.
        (block $found
          (loop $skip
            (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
            (br_if $found (i32.le_u
              (i32.sub
                (i32.load16_u (i32.add (local.get $text) (i32.shl (local.get $i) (i32.const 1))))
                (i32.const 48))
              (i32.const 9)))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            (br $skip)))
        ;; A run starts at $i.
        (local.set $start (local.get $i))
        (local.set $digits (i32.const 0))
        (local.set $group (i32.const 0))
        (local.set $maxGroup (i32.const 0))
        (local.set $dots (i32.const 0))
        (local.set $colons (i32.const 0))
        (local.set $double (i32.const 0))
        (block $run_end
          (loop $in_run
            ;; $i is on a digit.
            (local.set $digits (i32.add (local.get $digits) (i32.const 1)))
            (local.set $group (i32.add (local.get $group) (i32.const 1)))
            (local.set $i (i32.add (local.get $i) (i32.const 1)))
            ;; Count separators after it (three is already too many).
            (local.set $j (local.get $i))
            (local.set $k (i32.const 0))
            (block $seps_end
              (loop $seps
                (br_if $seps_end (i32.ge_u (local.get $j) (local.get $len)))
                (br_if $seps_end (i32.ge_u (local.get $k) (i32.const 3)))
                (br_if $seps_end (i32.eqz (call $sep (i32.load16_u
                  (i32.add (local.get $text) (i32.shl (local.get $j) (i32.const 1)))))))
                (local.set $j (i32.add (local.get $j) (i32.const 1)))
                (local.set $k (i32.add (local.get $k) (i32.const 1)))
                (br $seps)))
            (br_if $run_end (i32.ge_u (local.get $k) (i32.const 3)))
            (br_if $run_end (i32.ge_u (local.get $j) (local.get $len)))
            (br_if $run_end (i32.gt_u
              (i32.sub
                (i32.load16_u (i32.add (local.get $text) (i32.shl (local.get $j) (i32.const 1))))
                (i32.const 48))
              (i32.const 9)))
            ;; The run goes on at $j: account for the separators between.
            (if (i32.gt_u (local.get $k) (i32.const 0))
              (then
                (if (i32.gt_u (local.get $group) (local.get $maxGroup))
                  (then (local.set $maxGroup (local.get $group))))
                (local.set $group (i32.const 0))
                (local.set $prev (i32.const 0))
                (block $acc_end
                  (loop $acc
                    (br_if $acc_end (i32.ge_u (local.get $i) (local.get $j)))
                    (local.set $c (i32.load16_u
                      (i32.add (local.get $text) (i32.shl (local.get $i) (i32.const 1)))))
                    (if (i32.eq (local.get $c) (i32.const 46))
                      (then (local.set $dots (i32.add (local.get $dots) (i32.const 1)))))
                    (if (i32.eq (local.get $c) (i32.const 58))
                      (then
                        (local.set $colons (i32.add (local.get $colons) (i32.const 1)))
                        (if (i32.eq (local.get $prev) (i32.const 58))
                          (then (local.set $double (i32.const 1))))))
                    (local.set $prev (local.get $c))
                    (local.set $i (i32.add (local.get $i) (i32.const 1)))
                    (br $acc)))))
            (br $in_run)))
        (if (i32.gt_u (local.get $group) (local.get $maxGroup))
          (then (local.set $maxGroup (local.get $group))))
        (if (i32.ge_u (local.get $digits) (local.get $min))
          (then
            (i32.store (local.get $o) (local.get $start))
            (i32.store offset=4 (local.get $o) (local.get $i))
            (i32.store offset=8 (local.get $o) (local.get $digits))
            (i32.store offset=12 (local.get $o) (local.get $maxGroup))
            (i32.store offset=16 (local.get $o) (local.get $dots))
            (i32.store offset=20 (local.get $o) (local.get $colons))
            (i32.store offset=24 (local.get $o) (local.get $double))
            (local.set $o (i32.add (local.get $o) (i32.const 28)))
            (br_if $done (i32.ge_u (local.get $o) (local.get $outEnd)))))
        (br $scan)))
    (i32.store (i32.const 4) (local.get $i))
    (i32.div_u (i32.sub (local.get $o) (local.get $out)) (i32.const 28)))
)
