;; The scanner's prefilter passes in WebAssembly (issue 24: speed). Source of prefilter-wasm.ts,
;; which `npm run build:wasm` (scripts/build-scan-wasm.mjs) regenerates; the engine never needs a
;; compiler at install time. The text sits in linear memory as UTF-16 code units (little-endian,
;; as `Buffer#write(…, 'utf16le')` leaves it); offsets written out are code-unit offsets.
(module
  (memory (export "memory") 1)

;; Memory bytes 0–31 are the passes' small results: `runs` leaves the offset to resume from at
;; 4, `ac4` its four pair counts at 16–28.

  ;; One Aho-Corasick step sequence over [p, end) (byte addresses) from `row`: the dense DFA of
  ;; aho-corasick.ts, laid out so that a step is one load and one add on the state's chain. The
  ;; class table sits at byte 32 (65,536 u16 entries, each the class's byte offset in a row:
  ;; class · 4); the transition table holds, for each state's row and class, the byte address
  ;; of the next state's row (i32), bitwise-negated when that state has outputs. `row` is the
  ;; current state's row address. Writes (row address, end offset) at `o` for each output state
  ;; reached past the byte address `emit`; returns the address after the last pair.
  (func $tail
    (param $text i32) (param $p i32) (param $end i32) (param $emit i32) (param $row i32)
    (param $o i32) (result i32)
    (local $next i32)
    (block $done
      (br_if $done (i32.ge_u (local.get $p) (local.get $end)))
      (loop $step
        (local.set $next
          (i32.load (i32.add (local.get $row)
            (i32.load16_u offset=32
              (i32.shl (i32.load16_u (local.get $p)) (i32.const 1))))))
        (local.set $p (i32.add (local.get $p) (i32.const 2)))
        (if (i32.lt_s (local.get $next) (i32.const 0))
          (then
            (local.set $next (i32.xor (local.get $next) (i32.const -1)))
            (if (i32.gt_u (local.get $p) (local.get $emit))
              (then
                (i32.store (local.get $o) (local.get $next))
                (i32.store offset=4 (local.get $o)
                  (i32.shr_u (i32.sub (local.get $p) (local.get $text)) (i32.const 1)))
                (local.set $o (i32.add (local.get $o) (i32.const 8)))))))
        (local.set $row (local.get $next))
        (br_if $step (i32.lt_u (local.get $p) (local.get $end)))))
    (local.get $o))

  ;; Four Aho-Corasick streams interleaved, each from the root state (the automaton's loop is
  ;; bound by the latency of its table look-ups, so independent chains overlap their waits):
  ;; stream X reads code units [xFrom, xTo) and reports ends past xEmit into its own area of
  ;; `cap` pairs at out + X·cap·8. The caller starts each stream the longest pattern's length
  ;; before its emit point, so every occurrence ending past it is found. Leaves the four pair
  ;; counts at 16, 20, 24 and 28. `delta` is the root state's row address.
  (func (export "ac4")
    (param $text i32) (param $delta i32)
    (param $AFrom i32) (param $AEmit i32) (param $ATo i32)
    (param $BFrom i32) (param $BEmit i32) (param $BTo i32)
    (param $CFrom i32) (param $CEmit i32) (param $CTo i32)
    (param $DFrom i32) (param $DEmit i32) (param $DTo i32)
    (param $out i32) (param $cap i32)
    (local $pA i32) (local $endA i32) (local $emitA i32) (local $rowA i32) (local $nextA i32) (local $oA i32)
    (local $pB i32) (local $endB i32) (local $emitB i32) (local $rowB i32) (local $nextB i32) (local $oB i32)
    (local $pC i32) (local $endC i32) (local $emitC i32) (local $rowC i32) (local $nextC i32) (local $oC i32)
    (local $pD i32) (local $endD i32) (local $emitD i32) (local $rowD i32) (local $nextD i32) (local $oD i32)
    (local $steps i32) (local $stop i32)
    (local.set $pA (i32.add (local.get $text) (i32.shl (local.get $AFrom) (i32.const 1))))
    (local.set $endA (i32.add (local.get $text) (i32.shl (local.get $ATo) (i32.const 1))))
    (local.set $emitA (i32.add (local.get $text) (i32.shl (local.get $AEmit) (i32.const 1))))
    (local.set $rowA (local.get $delta))
    (local.set $oA (i32.add (local.get $out) (i32.mul (local.get $cap) (i32.const 0))))
    (local.set $pB (i32.add (local.get $text) (i32.shl (local.get $BFrom) (i32.const 1))))
    (local.set $endB (i32.add (local.get $text) (i32.shl (local.get $BTo) (i32.const 1))))
    (local.set $emitB (i32.add (local.get $text) (i32.shl (local.get $BEmit) (i32.const 1))))
    (local.set $rowB (local.get $delta))
    (local.set $oB (i32.add (local.get $out) (i32.mul (local.get $cap) (i32.const 8))))
    (local.set $pC (i32.add (local.get $text) (i32.shl (local.get $CFrom) (i32.const 1))))
    (local.set $endC (i32.add (local.get $text) (i32.shl (local.get $CTo) (i32.const 1))))
    (local.set $emitC (i32.add (local.get $text) (i32.shl (local.get $CEmit) (i32.const 1))))
    (local.set $rowC (local.get $delta))
    (local.set $oC (i32.add (local.get $out) (i32.mul (local.get $cap) (i32.const 16))))
    (local.set $pD (i32.add (local.get $text) (i32.shl (local.get $DFrom) (i32.const 1))))
    (local.set $endD (i32.add (local.get $text) (i32.shl (local.get $DTo) (i32.const 1))))
    (local.set $emitD (i32.add (local.get $text) (i32.shl (local.get $DEmit) (i32.const 1))))
    (local.set $rowD (local.get $delta))
    (local.set $oD (i32.add (local.get $out) (i32.mul (local.get $cap) (i32.const 24))))
    ;; All four step together for the shortest one's length (in bytes).
    (local.set $steps (i32.sub (local.get $endA) (local.get $pA)))
    (if (i32.lt_s (i32.sub (local.get $endB) (local.get $pB)) (local.get $steps))
      (then (local.set $steps (i32.sub (local.get $endB) (local.get $pB)))))
    (if (i32.lt_s (i32.sub (local.get $endC) (local.get $pC)) (local.get $steps))
      (then (local.set $steps (i32.sub (local.get $endC) (local.get $pC)))))
    (if (i32.lt_s (i32.sub (local.get $endD) (local.get $pD)) (local.get $steps))
      (then (local.set $steps (i32.sub (local.get $endD) (local.get $pD)))))
    ;; The loop below takes two steps per stream (4 bytes); `$tail` reads the odd one left.
    (local.set $steps (i32.and (local.get $steps) (i32.const -4)))
    (local.set $stop (i32.add (local.get $pA) (local.get $steps)))
    (block $done
      (br_if $done (i32.le_s (local.get $steps) (i32.const 0)))
      (loop $step
        (local.set $nextA
          (i32.load (i32.add (local.get $rowA)
            (i32.load16_u offset=32
              (i32.shl (i32.load16_u (local.get $pA)) (i32.const 1))))))
        (local.set $nextB
          (i32.load (i32.add (local.get $rowB)
            (i32.load16_u offset=32
              (i32.shl (i32.load16_u (local.get $pB)) (i32.const 1))))))
        (local.set $nextC
          (i32.load (i32.add (local.get $rowC)
            (i32.load16_u offset=32
              (i32.shl (i32.load16_u (local.get $pC)) (i32.const 1))))))
        (local.set $nextD
          (i32.load (i32.add (local.get $rowD)
            (i32.load16_u offset=32
              (i32.shl (i32.load16_u (local.get $pD)) (i32.const 1))))))
        (local.set $pA (i32.add (local.get $pA) (i32.const 2)))
        (if (i32.lt_s (local.get $nextA) (i32.const 0))
          (then
            (local.set $nextA (i32.xor (local.get $nextA) (i32.const -1)))
            (if (i32.gt_u (local.get $pA) (local.get $emitA))
              (then
                (i32.store (local.get $oA) (local.get $nextA))
                (i32.store offset=4 (local.get $oA)
                  (i32.shr_u (i32.sub (local.get $pA) (local.get $text)) (i32.const 1)))
                (local.set $oA (i32.add (local.get $oA) (i32.const 8)))))))
        (local.set $rowA (local.get $nextA))
        (local.set $pB (i32.add (local.get $pB) (i32.const 2)))
        (if (i32.lt_s (local.get $nextB) (i32.const 0))
          (then
            (local.set $nextB (i32.xor (local.get $nextB) (i32.const -1)))
            (if (i32.gt_u (local.get $pB) (local.get $emitB))
              (then
                (i32.store (local.get $oB) (local.get $nextB))
                (i32.store offset=4 (local.get $oB)
                  (i32.shr_u (i32.sub (local.get $pB) (local.get $text)) (i32.const 1)))
                (local.set $oB (i32.add (local.get $oB) (i32.const 8)))))))
        (local.set $rowB (local.get $nextB))
        (local.set $pC (i32.add (local.get $pC) (i32.const 2)))
        (if (i32.lt_s (local.get $nextC) (i32.const 0))
          (then
            (local.set $nextC (i32.xor (local.get $nextC) (i32.const -1)))
            (if (i32.gt_u (local.get $pC) (local.get $emitC))
              (then
                (i32.store (local.get $oC) (local.get $nextC))
                (i32.store offset=4 (local.get $oC)
                  (i32.shr_u (i32.sub (local.get $pC) (local.get $text)) (i32.const 1)))
                (local.set $oC (i32.add (local.get $oC) (i32.const 8)))))))
        (local.set $rowC (local.get $nextC))
        (local.set $pD (i32.add (local.get $pD) (i32.const 2)))
        (if (i32.lt_s (local.get $nextD) (i32.const 0))
          (then
            (local.set $nextD (i32.xor (local.get $nextD) (i32.const -1)))
            (if (i32.gt_u (local.get $pD) (local.get $emitD))
              (then
                (i32.store (local.get $oD) (local.get $nextD))
                (i32.store offset=4 (local.get $oD)
                  (i32.shr_u (i32.sub (local.get $pD) (local.get $text)) (i32.const 1)))
                (local.set $oD (i32.add (local.get $oD) (i32.const 8)))))))
        (local.set $rowD (local.get $nextD))
        ;; The same again: two code units per stream per iteration.
        (local.set $nextA
          (i32.load (i32.add (local.get $rowA)
            (i32.load16_u offset=32
              (i32.shl (i32.load16_u (local.get $pA)) (i32.const 1))))))
        (local.set $nextB
          (i32.load (i32.add (local.get $rowB)
            (i32.load16_u offset=32
              (i32.shl (i32.load16_u (local.get $pB)) (i32.const 1))))))
        (local.set $nextC
          (i32.load (i32.add (local.get $rowC)
            (i32.load16_u offset=32
              (i32.shl (i32.load16_u (local.get $pC)) (i32.const 1))))))
        (local.set $nextD
          (i32.load (i32.add (local.get $rowD)
            (i32.load16_u offset=32
              (i32.shl (i32.load16_u (local.get $pD)) (i32.const 1))))))
        (local.set $pA (i32.add (local.get $pA) (i32.const 2)))
        (if (i32.lt_s (local.get $nextA) (i32.const 0))
          (then
            (local.set $nextA (i32.xor (local.get $nextA) (i32.const -1)))
            (if (i32.gt_u (local.get $pA) (local.get $emitA))
              (then
                (i32.store (local.get $oA) (local.get $nextA))
                (i32.store offset=4 (local.get $oA)
                  (i32.shr_u (i32.sub (local.get $pA) (local.get $text)) (i32.const 1)))
                (local.set $oA (i32.add (local.get $oA) (i32.const 8)))))))
        (local.set $rowA (local.get $nextA))
        (local.set $pB (i32.add (local.get $pB) (i32.const 2)))
        (if (i32.lt_s (local.get $nextB) (i32.const 0))
          (then
            (local.set $nextB (i32.xor (local.get $nextB) (i32.const -1)))
            (if (i32.gt_u (local.get $pB) (local.get $emitB))
              (then
                (i32.store (local.get $oB) (local.get $nextB))
                (i32.store offset=4 (local.get $oB)
                  (i32.shr_u (i32.sub (local.get $pB) (local.get $text)) (i32.const 1)))
                (local.set $oB (i32.add (local.get $oB) (i32.const 8)))))))
        (local.set $rowB (local.get $nextB))
        (local.set $pC (i32.add (local.get $pC) (i32.const 2)))
        (if (i32.lt_s (local.get $nextC) (i32.const 0))
          (then
            (local.set $nextC (i32.xor (local.get $nextC) (i32.const -1)))
            (if (i32.gt_u (local.get $pC) (local.get $emitC))
              (then
                (i32.store (local.get $oC) (local.get $nextC))
                (i32.store offset=4 (local.get $oC)
                  (i32.shr_u (i32.sub (local.get $pC) (local.get $text)) (i32.const 1)))
                (local.set $oC (i32.add (local.get $oC) (i32.const 8)))))))
        (local.set $rowC (local.get $nextC))
        (local.set $pD (i32.add (local.get $pD) (i32.const 2)))
        (if (i32.lt_s (local.get $nextD) (i32.const 0))
          (then
            (local.set $nextD (i32.xor (local.get $nextD) (i32.const -1)))
            (if (i32.gt_u (local.get $pD) (local.get $emitD))
              (then
                (i32.store (local.get $oD) (local.get $nextD))
                (i32.store offset=4 (local.get $oD)
                  (i32.shr_u (i32.sub (local.get $pD) (local.get $text)) (i32.const 1)))
                (local.set $oD (i32.add (local.get $oD) (i32.const 8)))))))
        (local.set $rowD (local.get $nextD))
        (br_if $step (i32.lt_u (local.get $pA) (local.get $stop)))))
    (local.set $oA (call $tail (local.get $text) (local.get $pA) (local.get $endA) (local.get $emitA)
      (local.get $rowA) (local.get $oA)))
    (i32.store (i32.const 16) (i32.shr_u (i32.sub (local.get $oA)
      (i32.add (local.get $out) (i32.mul (local.get $cap) (i32.const 0)))) (i32.const 3)))
    (local.set $oB (call $tail (local.get $text) (local.get $pB) (local.get $endB) (local.get $emitB)
      (local.get $rowB) (local.get $oB)))
    (i32.store (i32.const 20) (i32.shr_u (i32.sub (local.get $oB)
      (i32.add (local.get $out) (i32.mul (local.get $cap) (i32.const 8)))) (i32.const 3)))
    (local.set $oC (call $tail (local.get $text) (local.get $pC) (local.get $endC) (local.get $emitC)
      (local.get $rowC) (local.get $oC)))
    (i32.store (i32.const 24) (i32.shr_u (i32.sub (local.get $oC)
      (i32.add (local.get $out) (i32.mul (local.get $cap) (i32.const 16)))) (i32.const 3)))
    (local.set $oD (call $tail (local.get $text) (local.get $pD) (local.get $endD) (local.get $emitD)
      (local.get $rowD) (local.get $oD)))
    (i32.store (i32.const 28) (i32.shr_u (i32.sub (local.get $oD)
      (i32.add (local.get $out) (i32.mul (local.get $cap) (i32.const 24)))) (i32.const 3)))
  )

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
        ;; Skip to the next digit, eight code units at a time while eight remain (SIMD: the
        ;; lanes minus '0' compared below 10).
        (block $found
          (loop $skip
            (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
            (if (i32.le_u (i32.add (local.get $i) (i32.const 8)) (local.get $len))
              (then
                (if (i32.eqz (v128.any_true
                      (i16x8.lt_u
                        (i16x8.sub
                          (v128.load (i32.add (local.get $text) (i32.shl (local.get $i) (i32.const 1))))
                          (v128.const i16x8 48 48 48 48 48 48 48 48))
                        (v128.const i16x8 10 10 10 10 10 10 10 10))))
                  (then
                    (local.set $i (i32.add (local.get $i) (i32.const 8)))
                    (br $skip)))))
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
