#!/usr/bin/env bash
# Builds fuzz/corpus/<target>/ seed corpora from the puzzles in fixtures/ (nothing is
# downloaded; the corpora are not committed). Run from anywhere: bash fuzz/seed-corpus.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
fixtures="$here/../fixtures"
corpus="$here/corpus"
mkdir -p "$corpus/reader" "$corpus/solver_agreement" "$corpus/generator_options"

# reader, raw mode: a header byte (see fuzz_targets/reader.rs) then a fixture file as is:
# 0x00 auto, 0x01 line, 0x02 grid, 0x03 detail; 0x10 box 3x2 (auto); 0x60 custom alphabet
# from line 1. fixtures/positions/ brings positions: 729- and 4096-symbol lines, pencil-mark
# grids (also read with their box shape below, and forced as detail).
for f in "$fixtures"/*/*.txt; do
    name="$(basename "$(dirname "$f")")-$(basename "$f" .txt)"
    for h in 00 01 02; do
        { printf "\\x$h"; cat "$f"; } >"$corpus/reader/$name-$h"
    done
done
{ printf '\x10'; cat "$fixtures/sizes/6x6-tall.txt"; } >"$corpus/reader/sizes-6x6-tall-10"
# With the box shape given (0x14 3x3 auto, 0x15 3x3 line, 0x16 3x3 grid, 0x08 2x2 auto).
for f in "$fixtures"/9x9/*.txt "$fixtures"/seed/sample.txt "$fixtures"/special/*.txt \
    "$fixtures"/positions/lines.txt "$fixtures"/positions/detail.txt \
    "$fixtures"/positions/invalid.txt; do
    name="$(basename "$(dirname "$f")")-$(basename "$f" .txt)"
    for h in 14 15 16; do
        { printf "\\x$h"; cat "$f"; } >"$corpus/reader/$name-$h"
    done
done
{ printf '\x08'; cat "$fixtures/sizes/4x4.txt"; } >"$corpus/reader/sizes-4x4-08"
# Variant lines: f-puzzles links (numpl-core's test links, read as variant puzzles).
{ printf '\x00'; cut -f2 "$here/../crates/numpl-core/src/variant/fpuzzles_links.tsv"; } \
    >"$corpus/reader/fpuzzles-links-00"
# ISS texts: a constraint string with a dot over a set of cells and an empty item, a
# whisper loop, a 4x4 jigsaw line (givens, then the layout), zipper lines and indexing,
# outside clues, values from 0 with a hidden skyscraper and a cage listing a cell twice,
# pairwise rules (a named set, a legacy line), full-rank clues with a tie rule, a lockout
# line, a double arrow, anti-taxicab, Dutch flatmates, an equality cage, a look-and-say
# clue, equal sums, regex lines (base64 and escaped), a state machine with segments and a
# slingshot and a count of different values.
{ printf '\x00'; printf '..Cage~10~R1C2~R1C3.BlackDot~R4C4~R4C5~R5C5~R5C4\n'; \
    printf '.Whisper~5~R1C1~R1C2~R2C2~R2C1~R1C1\n1...............0011001122332233\n'; \
    printf '.Zipper~R1C1~R2C2~R3C1.Indexing~C~R1C1~R9C1.Indexing~R~R1C5\n'; \
    printf '.Skyscraper~C5~3~4.XSum~R2~~16.Lunchbox~5~R9C1~R9C2~R9C3.SumLine~10~R5C1~R5C2~R6C2~R6C1~LOOP\n'; \
    printf '.Shape~9x9~0-8.~R1C1_0~R2C2_3_4.Cage~1~R1C2~R1C3.HiddenSkyscraper~R8~6~3.Cage~20~R4C2~R4C4~R4C4\n'; \
    printf '.PairX~8H_xf8H_xf8H_B~_Nabner%%20set~R1C1~R1C3~~R2C1~R2C2.Binary~EAEBEAAQAAAAE~~R3C6~R4C6\n'; \
    printf '.FullRank~C2~26~.FullRank~R8~~23.FullRankTies~any.Lockout~4~R1C1~R1C2~R2C3.DoubleArrow~R5C5~R5C6~R5C7.AntiTaxicab.DutchFlatmates.EqualityCage~R9C1~R9C2.LookAndSay~1223~R8C1~R8C2~R7C3.EqualSum~R4C4~R4C5~-~R5C4~R5C5\n'; \
    printf '.Regex~KFteMS0zXVs0N11bNjldfFs0N10xMjNbNjldKSo~R1C1~R1C2~~R2C1.Regex~1%%2B2~R3C1~R3C2\n'; \
    printf '.NFA~TgRAEv-IiIiIiAyMDmaA9ERQ-qqrD9mZmc_u7u7w_4iIiIn_zMzMzIg~_Skyscraper-9~R1C1~R2C2~-~R3C3.ValueIndexing~R1C4~R2C4~R2C3.CountDistinct~R5C5~R4C4~R4C5\n'; \
    printf '.Replicate~FQ.Cage~3~R1C1~R1C2.End.Replicate~C~R5C5.~R5C5_2.Or.Thermo~R5C5~R6C6.X~R5C5~R5C6.End.End\n'; } \
    >"$corpus/reader/iss-00"
{ printf '\x03'; cat "$fixtures/positions/detail.txt"; } >"$corpus/reader/positions-detail-03"
{ printf '\x60abcd\n'; printf 'a.b.\n..c.\n.d..\n....\n\nab..cd..........\n'; } \
    >"$corpus/reader/custom-abcd-60"
# reader, structured mode (0x80 then bytes that `arbitrary` reads as a Case), and the other
# targets (bytes that `arbitrary` reads as their Case): pieces of the fixture files.
# COUNT bytes of FILE from byte OFFSET (no pipe: `head` closing early would fail the script).
piece() { dd if="$1" iflag=skip_bytes,count_bytes skip="$2" count="$3" status=none; }
i=0
for f in "$fixtures"/sizes/*.txt "$fixtures"/9x9/easy.txt "$fixtures"/special/*.txt; do
    for off in 0 97 211; do
        i=$((i + 1))
        { printf '\x80'; piece "$f" "$off" 96; } >"$corpus/reader/structured-$i"
        piece "$f" "$off" 160 >"$corpus/solver_agreement/piece-$i"
        piece "$f" "$off" 40 >"$corpus/generator_options/piece-$i"
    done
done
# Inputs that once failed (committed in regressions/<target>/), so every run tries them again.
for d in "$here"/regressions/*/; do
    cp "$d"* "$corpus/$(basename "$d")/"
done
echo "seed corpora in $corpus: $(ls "$corpus/reader" | wc -l) reader, \
$(ls "$corpus/solver_agreement" | wc -l) solver_agreement, \
$(ls "$corpus/generator_options" | wc -l) generator_options"
