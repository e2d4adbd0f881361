//! Finite automata over a puzzle's values, read along a line of cells: the rule of a regex
//! line (the digits along the line, read as a word, match a regular expression) and of
//! the Interactive Sudoku Solver's state machines (`NFA`). One [`Automaton`] serves both:
//! numpl-core checks a solution with [`Automaton::accepts`], the solver narrows the
//! line's cells with its moves.
//!
//! A regular expression is read by [`Automaton::from_regex`] (digits, `.`, classes,
//! groups, `|`, `*`, `+`, `?` and `{m,n}`; the whole line must match) into an automaton
//! without empty moves (Thompson's construction, then each state's closure folded in).

use std::fmt;

/// States an automaton may have at most (a regex's repetitions can multiply them).
pub const MAX_STATES: usize = 4096;

/// Characters a regular expression may hold at most.
pub const MAX_PATTERN: usize = 1000;

/// A nondeterministic finite automaton over the puzzle's values, by their places among
/// the values (place 0 is the least value, as [`super::Constraint::Pairwise`]'s table):
/// a word (the values along a line) is accepted when some path of moves from a start
/// state, one move a value, ends in an accepting state.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Automaton {
    /// How many states (numbered from 0).
    pub states: u32,
    /// The states a word starts in.
    pub start: Vec<u32>,
    /// The accepting states.
    pub accept: Vec<u32>,
    /// Moves `(from, values, to)`: from state `from`, reading a value whose place is a
    /// bit of `values`, to state `to`. Sorted, one entry a pair of states.
    pub moves: Vec<(u32, u64, u32)>,
}

/// A regular expression that could not be read: what is wrong and the character (from 1)
/// where it was seen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegexError {
    /// The character's place in the pattern, from 1.
    pub at: usize,
    /// What is wrong.
    pub what: String,
}

impl fmt::Display for RegexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (character {})", self.what, self.at)
    }
}

/// Moves `(from, values, to)` sorted by their states, those between the same two states
/// merged into one (their values together): [`Automaton::moves`]' form.
pub fn merge_moves(mut moves: Vec<(u32, u64, u32)>) -> Vec<(u32, u64, u32)> {
    moves.sort_unstable_by_key(|&(a, _, b)| (a, b));
    let mut merged: Vec<(u32, u64, u32)> = Vec::with_capacity(moves.len());
    for (a, m, b) in moves {
        match merged.last_mut() {
            Some(last) if last.0 == a && last.2 == b => last.1 |= m,
            _ => merged.push((a, m, b)),
        }
    }
    merged
}

/// A regex's syntax tree.
#[derive(Clone, Debug)]
enum Node {
    /// One value among these places.
    Values(u64),
    /// The empty word.
    Empty,
    Concat(Vec<Node>),
    Alt(Vec<Node>),
    /// At least `min` and at most `max` (`None`: no limit) repetitions.
    Repeat(Box<Node>, u32, Option<u32>),
}

/// The recursive-descent reader of a pattern.
struct Reader<'a> {
    text: &'a [u8],
    pos: usize,
    /// The value of place 0.
    first: u32,
    /// How many values.
    n: usize,
}

impl Reader<'_> {
    fn fail<T>(&self, what: impl Into<String>) -> Result<T, RegexError> {
        Err(RegexError {
            at: self.pos + 1,
            what: what.into(),
        })
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    fn all(&self) -> u64 {
        if self.n >= 64 {
            !0
        } else {
            (1 << self.n) - 1
        }
    }

    /// The value a character names: digits, then letters (either case) for 10 and up.
    fn value(&self, ch: u8) -> Result<u32, RegexError> {
        match ch {
            b'0'..=b'9' => Ok((ch - b'0') as u32),
            b'A'..=b'Z' => Ok((ch - b'A') as u32 + 10),
            b'a'..=b'z' => Ok((ch - b'a') as u32 + 10),
            _ => self.fail(format!("`{}` is not a value", ch as char)),
        }
    }

    /// The place among the puzzle's values of the value a character names.
    fn place(&self, ch: u8) -> Result<u32, RegexError> {
        let v = self.value(ch)?;
        let last = self.first + self.n as u32 - 1;
        if v < self.first || v > last {
            return self.fail(format!(
                "`{}` is outside the values {}..{last}",
                ch as char, self.first
            ));
        }
        Ok(v - self.first)
    }

    fn alt(&mut self) -> Result<Node, RegexError> {
        let mut options = vec![self.concat()?];
        while self.peek() == Some(b'|') {
            self.pos += 1;
            options.push(self.concat()?);
        }
        Ok(if options.len() == 1 {
            options.pop().expect("one option")
        } else {
            Node::Alt(options)
        })
    }

    fn concat(&mut self) -> Result<Node, RegexError> {
        let mut parts = Vec::new();
        while let Some(ch) = self.peek() {
            if ch == b'|' || ch == b')' {
                break;
            }
            parts.push(self.repeat()?);
        }
        Ok(match parts.len() {
            0 => Node::Empty,
            1 => parts.pop().expect("one part"),
            _ => Node::Concat(parts),
        })
    }

    fn repeat(&mut self) -> Result<Node, RegexError> {
        let mut node = self.atom()?;
        while let Some(ch) = self.peek() {
            let (min, max) = match ch {
                b'*' => (0, None),
                b'+' => (1, None),
                b'?' => (0, Some(1)),
                b'{' => {
                    self.pos += 1;
                    let min = self.number()?;
                    let max = if self.peek() == Some(b',') {
                        self.pos += 1;
                        if self.peek() == Some(b'}') {
                            None
                        } else {
                            Some(self.number()?)
                        }
                    } else {
                        Some(min)
                    };
                    if self.peek() != Some(b'}') {
                        return self.fail("a repetition `{m,n}` is not closed");
                    }
                    if max.is_some_and(|m| m < min) {
                        return self.fail(format!("a repetition from {min} to fewer"));
                    }
                    (min, max)
                }
                _ => break,
            };
            self.pos += 1;
            node = Node::Repeat(Box::new(node), min, max);
        }
        Ok(node)
    }

    fn number(&mut self) -> Result<u32, RegexError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return self.fail("a repetition needs a number");
        }
        let digits = std::str::from_utf8(&self.text[start..self.pos]).expect("ASCII digits");
        match digits.parse::<u32>() {
            Ok(k) if k <= 256 => Ok(k),
            _ => self.fail(format!("a repetition of {digits} (at most 256)")),
        }
    }

    fn atom(&mut self) -> Result<Node, RegexError> {
        let Some(ch) = self.peek() else {
            return self.fail("the pattern ends early");
        };
        match ch {
            b'(' => {
                self.pos += 1;
                // A group that does not capture (`(?:...)`) is a group.
                if self.text[self.pos..].starts_with(b"?:") {
                    self.pos += 2;
                }
                let inner = self.alt()?;
                if self.peek() != Some(b')') {
                    return self.fail("a group `(` is not closed");
                }
                self.pos += 1;
                Ok(inner)
            }
            b'[' => {
                self.pos += 1;
                self.class()
            }
            b'.' => {
                self.pos += 1;
                Ok(Node::Values(self.all()))
            }
            b'*' | b'+' | b'?' | b'{' => self.fail(format!("`{}` repeats nothing", ch as char)),
            b'^' | b'$' => {
                // The whole line matches anyway: anchors match the empty word where they
                // stand at the pattern's ends.
                let at_end = (ch == b'^' && self.pos == 0)
                    || (ch == b'$' && self.pos + 1 == self.text.len());
                if !at_end {
                    return self.fail(format!("`{}` inside the pattern", ch as char));
                }
                self.pos += 1;
                Ok(Node::Empty)
            }
            _ => {
                let place = self.place(ch)?;
                self.pos += 1;
                Ok(Node::Values(1 << place))
            }
        }
    }

    /// A class `[...]` after its `[`: values and ranges `a-b`, `^` first for those not
    /// listed.
    fn class(&mut self) -> Result<Node, RegexError> {
        let negate = self.peek() == Some(b'^');
        if negate {
            self.pos += 1;
        }
        let mut mask: u64 = 0;
        loop {
            let Some(ch) = self.peek() else {
                return self.fail("a class `[` is not closed");
            };
            if ch == b']' {
                self.pos += 1;
                break;
            }
            let lo = self.place(ch)?;
            self.pos += 1;
            if self.peek() == Some(b'-') && self.text.get(self.pos + 1) != Some(&b']') {
                self.pos += 1;
                let Some(end) = self.peek() else {
                    return self.fail("a class `[` is not closed");
                };
                let hi = self.place(end)?;
                if hi < lo {
                    return self.fail("a range from a value to a smaller one");
                }
                self.pos += 1;
                for p in lo..=hi {
                    mask |= 1 << p;
                }
            } else {
                mask |= 1 << lo;
            }
        }
        if mask == 0 {
            return self.fail("an empty class `[]`");
        }
        Ok(Node::Values(if negate { self.all() & !mask } else { mask }))
    }
}

/// An automaton with empty moves, as Thompson's construction builds it.
#[derive(Default)]
struct Thompson {
    empty: Vec<Vec<u32>>,
    moves: Vec<Vec<(u64, u32)>>,
}

impl Thompson {
    fn state(&mut self) -> Result<u32, String> {
        if self.empty.len() >= MAX_STATES {
            return Err(format!("the pattern needs more than {MAX_STATES} states"));
        }
        self.empty.push(Vec::new());
        self.moves.push(Vec::new());
        Ok(self.empty.len() as u32 - 1)
    }

    /// States `(entry, exit)` of a fragment matching `node`.
    fn build(&mut self, node: &Node) -> Result<(u32, u32), String> {
        let (a, b) = (self.state()?, self.state()?);
        match node {
            Node::Values(m) => self.moves[a as usize].push((*m, b)),
            Node::Empty => self.empty[a as usize].push(b),
            Node::Concat(parts) => {
                let mut at = a;
                for p in parts {
                    let (x, y) = self.build(p)?;
                    self.empty[at as usize].push(x);
                    at = y;
                }
                self.empty[at as usize].push(b);
            }
            Node::Alt(options) => {
                for o in options {
                    let (x, y) = self.build(o)?;
                    self.empty[a as usize].push(x);
                    self.empty[y as usize].push(b);
                }
            }
            Node::Repeat(inner, min, max) => {
                let mut at = a;
                for _ in 0..*min {
                    let (x, y) = self.build(inner)?;
                    self.empty[at as usize].push(x);
                    at = y;
                }
                match max {
                    None => {
                        let (x, y) = self.build(inner)?;
                        self.empty[at as usize].push(x);
                        self.empty[y as usize].push(x);
                        self.empty[y as usize].push(b);
                    }
                    Some(max) => {
                        for _ in *min..*max {
                            let (x, y) = self.build(inner)?;
                            self.empty[at as usize].push(x);
                            self.empty[at as usize].push(b);
                            at = y;
                        }
                    }
                }
                self.empty[at as usize].push(b);
            }
        }
        Ok((a, b))
    }

    /// The states reachable from `s` by empty moves (itself too).
    fn closure(&self, s: u32) -> Vec<u32> {
        let mut seen = vec![false; self.empty.len()];
        let mut stack = vec![s];
        let mut out = Vec::new();
        seen[s as usize] = true;
        while let Some(x) = stack.pop() {
            out.push(x);
            for &y in &self.empty[x as usize] {
                if !seen[y as usize] {
                    seen[y as usize] = true;
                    stack.push(y);
                }
            }
        }
        out
    }
}

impl Automaton {
    /// The automaton of a regular expression over values `first..first + n`: the whole
    /// word must match. Digits name values 0-9, letters (either case) 10 and up; `.` any
    /// value; `[...]` a class (`[1-3 7]`, `[^5]`); `(...)` a group, `|` either side;
    /// `*`, `+`, `?`, `{m}`, `{m,}`, `{m,n}` repeat what they follow; `^` and `$` may
    /// stand at the ends. The Interactive Sudoku Solver's regex lines read alike (it has
    /// no anchors); a value outside the puzzle's is an error, as there.
    ///
    /// ```
    /// use numpl_core::variant::automaton::Automaton;
    /// // Odd and even digits alternating, starting odd, on values 1..9.
    /// let a = Automaton::from_regex("([13579][2468])*[13579]?", 1, 9).unwrap();
    /// assert!(a.accepts(&[0, 1, 2])); // 1 2 3
    /// assert!(!a.accepts(&[1, 1])); // 2 2
    /// assert!(Automaton::from_regex("(12", 1, 9).is_err());
    /// ```
    pub fn from_regex(pattern: &str, first: u8, n: usize) -> Result<Automaton, RegexError> {
        if pattern.len() > MAX_PATTERN {
            return Err(RegexError {
                at: MAX_PATTERN + 1,
                what: format!("the pattern is longer than {MAX_PATTERN} characters"),
            });
        }
        let mut reader = Reader {
            text: pattern.as_bytes(),
            pos: 0,
            first: first as u32,
            n,
        };
        let tree = reader.alt()?;
        if reader.pos < reader.text.len() {
            return reader.fail("`)` closes no group");
        }
        let mut t = Thompson::default();
        let (entry, exit) = t.build(&tree).map_err(|what| RegexError { at: 1, what })?;
        // Without empty moves: a state moves on a value wherever a state of its closure
        // does; it accepts where its closure holds the exit.
        let count = t.empty.len();
        let mut moves = Vec::new();
        let mut accept = Vec::new();
        for s in 0..count as u32 {
            let closure = t.closure(s);
            if closure.contains(&exit) {
                accept.push(s);
            }
            for &x in &closure {
                for &(m, y) in &t.moves[x as usize] {
                    if m != 0 {
                        moves.push((s, m, y));
                    }
                }
            }
        }
        Ok(Automaton {
            states: count as u32,
            start: vec![entry],
            accept,
            moves,
        }
        .trimmed())
    }

    /// The same language with only the states on some path from a start state to an
    /// accepting one, renumbered in order, moves between the same two states merged.
    pub fn trimmed(&self) -> Automaton {
        let n = self.states as usize;
        let mut fwd = vec![false; n];
        let mut stack: Vec<u32> = self
            .start
            .iter()
            .copied()
            .filter(|&s| (s as usize) < n)
            .collect();
        for &s in &stack {
            fwd[s as usize] = true;
        }
        let mut out: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut into: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &(a, m, b) in &self.moves {
            if m != 0 && (a as usize) < n && (b as usize) < n {
                out[a as usize].push(b);
                into[b as usize].push(a);
            }
        }
        while let Some(x) = stack.pop() {
            for &y in &out[x as usize] {
                if !fwd[y as usize] {
                    fwd[y as usize] = true;
                    stack.push(y);
                }
            }
        }
        let mut back = vec![false; n];
        let mut stack: Vec<u32> = self
            .accept
            .iter()
            .copied()
            .filter(|&s| (s as usize) < n)
            .collect();
        for &s in &stack {
            back[s as usize] = true;
        }
        while let Some(x) = stack.pop() {
            for &y in &into[x as usize] {
                if !back[y as usize] {
                    back[y as usize] = true;
                    stack.push(y);
                }
            }
        }
        let mut id = vec![u32::MAX; n];
        let mut count = 0;
        for s in 0..n {
            if fwd[s] && back[s] {
                id[s] = count;
                count += 1;
            }
        }
        let keep = |s: &u32| id[*s as usize] != u32::MAX;
        let mut start: Vec<u32> = self
            .start
            .iter()
            .filter(|s| (**s as usize) < n && keep(s))
            .map(|&s| id[s as usize])
            .collect();
        let mut accept: Vec<u32> = self
            .accept
            .iter()
            .filter(|s| (**s as usize) < n && keep(s))
            .map(|&s| id[s as usize])
            .collect();
        start.sort_unstable();
        start.dedup();
        accept.sort_unstable();
        accept.dedup();
        let moves: Vec<(u32, u64, u32)> = self
            .moves
            .iter()
            .filter(|(a, m, b)| {
                *m != 0 && (*a as usize) < n && (*b as usize) < n && keep(a) && keep(b)
            })
            .map(|&(a, m, b)| (id[a as usize], m, id[b as usize]))
            .collect();
        Automaton {
            states: count,
            start,
            accept,
            moves: merge_moves(moves),
        }
    }

    /// Whether the word of values (by their places) is accepted.
    pub fn accepts(&self, word: &[usize]) -> bool {
        let n = self.states as usize;
        let mut now = vec![false; n];
        for &s in &self.start {
            now[s as usize] = true;
        }
        for &v in word {
            let mut next = vec![false; n];
            for &(a, m, b) in &self.moves {
                if now[a as usize] && v < 64 && m >> v & 1 == 1 {
                    next[b as usize] = true;
                }
            }
            now = next;
        }
        self.accept.iter().any(|&s| now[s as usize])
    }

    /// Whether no word at all is accepted (no state left once trimmed).
    pub fn is_empty(&self) -> bool {
        self.trimmed().states == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words of values 1..=n (by value, not place) of length `len` the pattern takes.
    fn words(pattern: &str, n: usize, len: usize) -> Vec<String> {
        let a = Automaton::from_regex(pattern, 1, n).unwrap();
        let mut out = Vec::new();
        let total = n.pow(len as u32);
        for k in 0..total {
            let word: Vec<usize> = (0..len)
                .map(|i| k / n.pow((len - 1 - i) as u32) % n)
                .collect();
            if a.accepts(&word) {
                out.push(word.iter().map(|&p| char::from(b'1' + p as u8)).collect());
            }
        }
        out
    }

    #[test]
    fn a_pattern_matches_the_whole_word() {
        assert_eq!(words("12", 3, 2), ["12"]);
        assert_eq!(words("1|23", 3, 2), ["23"]);
        assert_eq!(words("1|23", 3, 1), ["1"]);
        assert_eq!(words("[^2]3", 3, 2), ["13", "33"]);
        assert_eq!(words("[1-2]{2}", 3, 2), ["11", "12", "21", "22"]);
        assert_eq!(words("1+", 3, 3), ["111"]);
        assert_eq!(words("(12)*3?", 3, 3), ["123"]);
        assert_eq!(words("(12)*3?", 3, 2), ["12"]);
        assert_eq!(words(".2{1,2}", 3, 3), ["122", "222", "322"]);
        assert_eq!(words("^3.*$", 3, 2), ["31", "32", "33"]);
        assert_eq!(words("(?:1|2)3{0,}", 3, 2), ["13", "23"]);
        assert!(Automaton::from_regex("", 1, 3).unwrap().accepts(&[]));
    }

    #[test]
    fn the_automaton_is_trimmed_to_useful_states() {
        // Thompson's construction makes 8 states of it; those on no path from the start to
        // an accepting state go (the entry and the loop's return stay apart: no
        // minimisation).
        let a = Automaton::from_regex("(12)*", 1, 2).unwrap();
        assert_eq!(a.states, 3, "{a:?}");
        assert_eq!(a.moves, [(0, 0b01, 1), (1, 0b10, 2), (2, 0b01, 1)]);
        let none = Automaton {
            states: 2,
            start: vec![0],
            accept: vec![1],
            moves: vec![(1, 1, 0)],
        };
        assert!(none.is_empty());
        assert!(!a.is_empty());
    }

    #[test]
    fn a_malformed_pattern_is_refused_where_it_is() {
        let err = |p: &str| Automaton::from_regex(p, 1, 9).unwrap_err().to_string();
        assert_eq!(err("(12"), "a group `(` is not closed (character 4)");
        assert_eq!(err("12)"), "`)` closes no group (character 3)");
        assert_eq!(err("*1"), "`*` repeats nothing (character 1)");
        assert_eq!(err("[12"), "a class `[` is not closed (character 4)");
        assert_eq!(
            err("[3-1]"),
            "a range from a value to a smaller one (character 4)"
        );
        assert_eq!(err("1{3,2}"), "a repetition from 3 to fewer (character 6)");
        assert_eq!(err("1{x}"), "a repetition needs a number (character 3)");
        assert_eq!(
            err("1{999}"),
            "a repetition of 999 (at most 256) (character 6)"
        );
        assert_eq!(err("1#"), "`#` is not a value (character 2)");
        assert_eq!(err("10"), "`0` is outside the values 1..9 (character 2)");
        assert_eq!(err("[5-a]"), "`a` is outside the values 1..9 (character 4)");
        assert_eq!(err("[^]"), "an empty class `[]` (character 4)");
        assert_eq!(err("1^2"), "`^` inside the pattern (character 2)");
        assert!(err(&"(".repeat(2000)).contains("longer than 1000"));
        assert!(err("(.{256}){256}").contains("more than 4096 states"));
    }
}
