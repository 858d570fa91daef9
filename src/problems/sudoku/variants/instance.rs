//! The instance of a variant Sudoku: the classic items and options, then the items each rule adds
//! and the fillings of shapes filled whole, tied to the cells directly or by colours.

use super::implied::ImpliedSets;
use super::*;

/// The items of a variant Sudoku and the instance, built from the rules (see the module
/// documentation for the names). The first 4N² items and N³ options are the classic ones, in the
/// classic numbering (with `j` for the regions of a jigsaw).
pub fn instance(
    g: Geometry,
    alphabet: Alphabet,
    rules: &Rules,
    fillings: &[Filling],
) -> Result<Instance, InputError> {
    instance_tied(g, alphabet, rules, fillings, Tie::default())
}

/// How [`instance_tied`] ties the shapes to the cells, for the encodings the bench and the tests
/// measure against each other (`Tie::default()` is what `solve` builds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tie {
    /// Every shape filled whole tied to the cell options by colours, none directly.
    pub colours_only: bool,
    /// The sums the cages imply ([`Rules::implied_sums`]) stated as more cages.
    pub implied: bool,
}

impl Default for Tie {
    fn default() -> Tie {
        Tie {
            colours_only: false,
            implied: true,
        }
    }
}

/// [`instance`], with the shapes tied as `tie` says (benches/variants.rs).
pub fn instance_tied(
    geo: Geometry,
    alphabet: Alphabet,
    rules: &Rules,
    fillings: &[Filling],
    tie: Tie,
) -> Result<Instance, InputError> {
    let enc = rules.clue_encoding(geo, &vec![0; geo.all_cells()])?;
    let implied = if tie.implied {
        rules.implied_sets(geo)
    } else {
        Vec::new()
    };
    instance_with(
        geo,
        alphabet,
        rules,
        (fillings, &implied),
        &enc,
        tie.colours_only,
    )
}

/// [`instance_tied`] with the implied sums' digit sets ([`Rules::implied_sets`]) and the clues'
/// items and options already made ([`Rules::clue_encoding`]): the clues' options come after the
/// fillings, in the encoding's order, and the implied sums' after them.
pub fn instance_with(
    geo: Geometry,
    alphabet: Alphabet,
    rules: &Rules,
    (fillings, implied): (&[Filling], &[ImpliedSets]),
    enc: &Encoding,
    colours_only: bool,
) -> Result<Instance, InputError> {
    let size = geo.size();
    let block = size * size;
    // Every cell: the grid's V×V, then those outside it (ISS's `Var`), each with an item of its
    // own and no row, column or region.
    let all = geo.all_cells();
    let sym = |v: usize| alphabet.label(v as u8 + 1);
    let mut primary: Vec<String> = Vec::new();
    let mut secondary: Vec<String> = Vec::new();
    // The classic items, in the classic numbering (`classic[i]` is item i). A shaped grid
    // ([`Geometry::shaped`]) has no item for a dead cell or a unit without cells, and a unit of
    // fewer cells than values holds each value at most once: its items are secondary.
    let mut classic: Vec<Classic> = vec![Classic::None; 4 * block];
    for p in (0..block).filter(|&p| geo.live(p)) {
        classic[p] = Classic::Primary(primary.len());
        primary.push(cell_name(size, p));
    }
    let mut region_cells = vec![0usize; size];
    for p in geo.live_cells() {
        if let Some(g) = rules.region_of(geo, p) {
            region_cells[g] += 1;
        }
    }
    let region = if rules.regions.is_some() { "j" } else { "b" };
    for (k, prefix) in ["r", "c", region].into_iter().enumerate() {
        for u in 0..size {
            // A raw grid's rows and columns state nothing ([`Rules::raw`]): no items.
            let cells = match k {
                0 if u < geo.rows() && !rules.raw => geo.cols(),
                1 if u < geo.cols() && !rules.raw => geo.rows(),
                2 => region_cells[u],
                _ => 0,
            };
            for v in (0..size).filter(|_| cells > 0) {
                let name = format!("{prefix}{}={}", u + 1, sym(v));
                classic[(k + 1) * block + u * size + v] = if cells == size {
                    primary.push(name);
                    Classic::Primary(primary.len() - 1)
                } else {
                    secondary.push(name);
                    Classic::Secondary(secondary.len() - 1)
                };
            }
        }
    }
    // The cells outside the grid: an item each, after the classic ones.
    let extra_item: Vec<usize> = (block..all)
        .map(|p| {
            primary.push(cell_name(size, p));
            primary.len() - 1
        })
        .collect();
    // Per cell: the first items of the digit-indexed groups it belongs to (item = base + v - 1),
    // primary ones (numbered now) and secondary ones (numbered from 0 among the secondary items,
    // shifted once the primary items are all known).
    let mut prim_of: Vec<Vec<usize>> = vec![Vec::new(); all];
    let mut sec_of: Vec<Vec<usize>> = vec![Vec::new(); all];
    let group = |names: &mut Vec<String>,
                 of: &mut Vec<Vec<usize>>,
                 name: &dyn Fn(char) -> String,
                 cells: &[usize]| {
        let base = names.len();
        names.extend((0..size).map(|v| name(sym(v))));
        for &p in cells {
            of[p].push(base);
        }
    };
    // A diagonal of fewer cells than values (a shaped grid's) holds each value at most once.
    for (on, sign) in [(rules.diagonal_pos, '+'), (rules.diagonal_neg, '-')] {
        let cells = diagonal(geo, sign == '+');
        let name = |v| format!("d{sign}={v}");
        match (on, cells.len() == size) {
            (false, _) => {}
            (true, true) => group(&mut primary, &mut prim_of, &name, &cells),
            (true, false) => group(&mut secondary, &mut sec_of, &name, &cells),
        }
    }
    for (k, cells) in Rules::windoku_regions(geo).iter().enumerate() {
        if rules.windoku {
            group(
                &mut primary,
                &mut prim_of,
                &|v| format!("w{}={v}", k + 1),
                cells,
            );
        }
    }
    for (k, cells) in rules.extra_regions.iter().enumerate() {
        let name = |v| format!("e{}={v}", k + 1);
        if cells.len() == size {
            group(&mut primary, &mut prim_of, &name, cells);
        } else {
            group(&mut secondary, &mut sec_of, &name, cells);
        }
    }
    // The shapes filled whole: one primary item each, in the order of the fillings.
    let shape_item = |shape: Shape| -> String {
        match shape {
            Shape::Cage(k) => format!("cage{}", k + 1),
            Shape::Thermo(k) => format!("thermo{}", k + 1),
        }
    };
    let first_shape = primary.len();
    let mut shapes: Vec<Shape> = Vec::new();
    for (k, cage) in rules.cages.iter().enumerate() {
        if cage.sum.is_some() {
            shapes.push(Shape::Cage(k));
        }
    }
    shapes.extend((0..rules.thermos.len()).map(Shape::Thermo));
    for &s in &shapes {
        primary.push(shape_item(s));
    }
    // A cage stated by its digit sets (`Filling::set`): its item `cage3` takes one set, and each
    // digit has an item `cage3=5` that either the set rules out (a set covers the items of the
    // digits it lacks) or a cell of the cage places (the cell options cover it), so the cage holds
    // exactly the set's digits, each once. Primary, these items also say "the 5 of this cage's set
    // must go in one of these cells", which MRV branches on like a unit's digit.
    let set_shape: Vec<bool> = shapes
        .iter()
        .map(|&s| fillings.iter().any(|f| f.shape == s && f.set))
        .collect();
    let mut set_base: Vec<Option<usize>> = vec![None; shapes.len()];
    for (s, &shape) in shapes.iter().enumerate() {
        if let (true, Shape::Cage(k)) = (set_shape[s], shape) {
            set_base[s] = Some(primary.len());
            let name = |v| format!("cage{}={v}", k + 1);
            group(&mut primary, &mut prim_of, &name, &rules.cages[k].cells);
        }
    }
    // The sums the cages imply (the 45 rule: `implied.rs`), each one more cage by its digit sets:
    // a primary `sum3` taking one set, and `sum3=5` per digit, placed by a cell or ruled out by the
    // set, as for a cage above. The cages alone make the same solutions; these items let MRV see
    // what a solver sees at once (a cell outside a box's cages must be 7).
    // A sum over cells that may repeat a digit, `spread3`, takes one filling instead, tied to its
    // cells by a colour item per cell, `spread3@r2c1`, which the cell's options (and a filling
    // that places the cell's digit directly) colour with the digit. Measured against items per cell
    // and digit that the filling rules out (8 a cell, as `sum3=5` for a digit set): 6.3 s against
    // 15-17 s on "tarek unsolvable #41", and fewer nodes, since propagation reads colours directly.
    let mut implied_base: Vec<usize> = Vec::new();
    let mut spread_of: Vec<Vec<usize>> = vec![Vec::new(); all];
    let mut spread_first: Vec<usize> = Vec::new();
    let first_implied = primary.len();
    for (k, (i, _)) in implied.iter().enumerate() {
        let word = if i.distinct { "sum" } else { "spread" };
        primary.push(format!("{word}{}", k + 1));
    }
    for (k, (i, _)) in implied.iter().enumerate() {
        implied_base.push(primary.len());
        spread_first.push(secondary.len());
        if i.distinct {
            group(
                &mut primary,
                &mut prim_of,
                &|v| format!("sum{}={v}", k + 1),
                &i.cells,
            );
        } else {
            for &p in &i.cells {
                spread_of[p].push(secondary.len());
                secondary.push(format!("spread{}@{}", k + 1, cell_name(size, p)));
            }
        }
    }
    for (k, cage) in rules.cages.iter().enumerate() {
        if cage.sum.is_none() {
            group(
                &mut secondary,
                &mut sec_of,
                &|v| format!("cage{}={v}", k + 1),
                &cage.cells,
            );
        }
    }
    if rules.anti_king {
        for r in 0..size - 1 {
            for c in 0..size - 1 {
                let p = r * size + c;
                let window = [p, p + 1, p + size, p + size + 1];
                // Four cells of one region already differ (cells in no region never do).
                let g = rules.region_of(geo, p);
                if g.is_some() && window.iter().all(|&q| rules.region_of(geo, q) == g) {
                    continue;
                }
                let cell = cell_name(size, p);
                group(
                    &mut secondary,
                    &mut sec_of,
                    &|v| format!("king({cell})={v}"),
                    &window,
                );
            }
        }
    }
    if rules.anti_knight {
        for p in 0..block {
            for q in neighbours(size, p, &KNIGHT) {
                let g = rules.region_of(geo, p);
                if q < p || (g.is_some() && g == rules.region_of(geo, q)) {
                    continue;
                }
                let (a, b) = (cell_name(size, p), cell_name(size, q));
                group(
                    &mut secondary,
                    &mut sec_of,
                    &|v| format!("knight({a},{b})={v}"),
                    &[p, q],
                );
            }
        }
    }
    // Non-consecutive: per pair of orthogonal neighbours, items k = 0..N-2 for the digits k+1 and
    // k+2, which either cell holding either digit covers. Two equal digits then cover one too,
    // which the row or column the neighbours share forbids anyway; a raw grid's neighbours share
    // none ([`Rules::raw`]), so there each k has two items, "p holds k+1 and q k+2" and the other
    // way round, and equal digits cover different ones. Per cell: the first item of the block its
    // digit v covers as the lower (item + v) and of the one it covers as the higher (item + v - 1).
    let mut nc_of: Vec<Vec<(usize, usize)>> = vec![Vec::new(); all];
    if rules.non_consecutive {
        for p in 0..block {
            for q in neighbours(size, p, &[(0, 1), (1, 0)]) {
                let base = secondary.len();
                let (a, b) = (cell_name(size, p), cell_name(size, q));
                if rules.raw {
                    secondary.extend(
                        (0..size - 1).map(|k| format!("nc({a},{b})={},{}", sym(k), sym(k + 1))),
                    );
                    secondary.extend(
                        (0..size - 1).map(|k| format!("nc({a},{b})={},{}", sym(k + 1), sym(k))),
                    );
                    nc_of[p].push((base, base + size - 1));
                    nc_of[q].push((base + size - 1, base));
                } else {
                    secondary.extend(
                        (0..size - 1).map(|k| format!("nc({a},{b})={}/{}", sym(k), sym(k + 1))),
                    );
                    nc_of[p].push((base, base));
                    nc_of[q].push((base, base));
                }
            }
        }
    }
    // A cage with a sum whose cells lie in no other shape is filled directly: its fillings cover the
    // items its cells' options would cover, and those cells have no option of their own: the
    // search then chooses among a cage's fillings, not its cells' digits one by one, a tree a
    // fraction of the size (benches/README.md, `variants`). Shapes that share cells (and every
    // thermometer, whose tree is smaller with colours) agree with the cell options through a
    // colour item per cell instead.
    // A cage stated by digit sets is no such shape: whatever fills its cells (their options, a
    // direct filling, a clue's direct piece) covers its digits' items, which are theirs.
    let mut in_shapes = vec![0u8; all];
    for (_, &s) in set_shape.iter().zip(&shapes).filter(|(&set, _)| !set) {
        for &p in rules.shape_cells(s) {
            in_shapes[p] = in_shapes[p].saturating_add(1);
        }
    }
    let shape_cell: Vec<bool> = in_shapes.iter().map(|&k| k > 0).collect();
    // A cell a clue's option colours is tied by colours: a cage through it is not filled directly.
    for o in &enc.options {
        for &(p, _) in &o.cells {
            in_shapes[p] = 2;
        }
    }
    let direct: Vec<bool> = shapes
        .iter()
        .map(|&s| {
            !colours_only
                && matches!(s, Shape::Cage(_))
                && rules.shape_cells(s).iter().all(|&p| in_shapes[p] == 1)
        })
        .zip(&set_shape)
        .map(|(d, &set)| d && !set)
        .collect();
    let mut direct_cell = vec![false; all];
    for (&s, _) in shapes.iter().zip(&direct).filter(|(_, &d)| d) {
        for &p in rules.shape_cells(s) {
            direct_cell[p] = true;
        }
    }
    // The digit of each cell of a shape filled through colours (a digit set needs none).
    let mut color_item: Vec<Option<usize>> = vec![None; all];
    for (i, &s) in shapes.iter().enumerate() {
        if direct[i] || set_shape[i] {
            continue;
        }
        for &p in rules.shape_cells(s) {
            if color_item[p].is_none() {
                color_item[p] = Some(secondary.len());
                secondary.push(format!("{}#", cell_name(size, p)));
            }
        }
    }
    // A clue's item whose cells no other item of a clue or shape touches is filled directly, as a
    // cage alone is: its options cover the items of its cells, which have no options of their own
    // (an arrow puzzle of the ISS collection: 28.6 M nodes with the colour tie).
    let mut owner: Vec<Option<usize>> = vec![None; all];
    let mut shared = vec![false; all];
    for o in &enc.options {
        for &(p, _) in &o.cells {
            match owner[p] {
                None => owner[p] = Some(o.item),
                Some(i) if i == o.item => {}
                Some(_) => shared[p] = true,
            }
        }
    }
    let mut clue_direct = vec![!colours_only; enc.primary.len()];
    for o in &enc.options {
        if o.cells.is_empty() || o.cells.iter().any(|&(p, _)| shared[p] || shape_cell[p]) {
            clue_direct[o.item] = false;
        }
    }
    for o in enc.options.iter().filter(|o| clue_direct[o.item]) {
        for &(p, _) in &o.cells {
            direct_cell[p] = true;
        }
    }
    for &p in enc
        .options
        .iter()
        .filter(|o| !clue_direct[o.item])
        .flat_map(|o| o.cells.iter().map(|(p, _)| p))
    {
        if color_item[p].is_none() {
            color_item[p] = Some(secondary.len());
            secondary.push(format!("{}#", cell_name(size, p)));
        }
    }
    // The clues' items: primary after the shapes', secondary after all the others.
    let first_clue = primary.len();
    primary.extend(enc.primary.iter().cloned());
    let first_clue_sec = secondary.len();
    secondary.extend(enc.secondary.iter().cloned());
    let n_primary = primary.len();
    let mut inst = Instance::new(primary, secondary).map_err(|e| InputError::new(e.to_string()))?;
    // Colours only where a shape needs them: a puzzle without one stays plain exact cover.
    let clue_colours = enc
        .options
        .iter()
        .any(|o| !o.cells.is_empty() || !o.colours.is_empty())
        || enc.cell_colours.iter().any(|c| !c.is_empty());
    let spread = implied.iter().any(|(i, _)| !i.distinct);
    let colors: Vec<u32> =
        if direct.iter().zip(&set_shape).all(|(&d, &set)| d || set) && !clue_colours && !spread {
            vec![0; size]
        } else {
            (0..size)
                .map(|v| {
                    inst.color(&sym(v).to_string())
                        .expect("a digit is a colour name")
                })
                .collect()
        };
    // The digits each cell may hold under the shapes filled whole: those of some filling of each
    // shape through the cell (a cage of sum 3 in two cells takes 1 and 2 only). The other cell
    // options are left empty, keeping their numbers: they could only lead to dead ends deeper down,
    // since the shape's item would lose every filling (thermo 9x9 seed 9: 498,225 nodes to 1,933).
    // A clue's number past the grid's digits is a colour of its own (`v45`), a state `q17`.
    let mut colour_of = |c: Colour| -> Result<u32, InputError> {
        let name = match c {
            Colour::Value(v) if (1..=size as u32).contains(&v) => sym(v as usize - 1).to_string(),
            Colour::Value(v) => format!("v{v}"),
            Colour::State(q) => format!("q{q}"),
        };
        inst.color(&name)
            .map_err(|e| InputError::new(e.to_string()))
    };
    let mut colour_ids: std::collections::HashMap<Colour, u32> = std::collections::HashMap::new();
    for o in &enc.options {
        for &(_, c) in &o.colours {
            if let std::collections::hash_map::Entry::Vacant(e) = colour_ids.entry(c) {
                e.insert(colour_of(c)?);
            }
        }
    }
    // The colour of digit v (from 0) on a shared colour item, by name as the clues name it.
    let value_colours: Vec<u32> = (0..size)
        .map(|v| colour_of(Colour::Value(v as u32 + 1)))
        .collect::<Result<_, _>>()?;
    let mut allowed: Vec<u32> = enc.allowed.clone();
    for &s in &shapes {
        let mut mask: Vec<u32> = vec![0; rules.shape_cells(s).len()];
        for f in fillings.iter().filter(|f| f.shape == s) {
            match f.placed() {
                Some(digits) => {
                    for (m, &d) in mask.iter_mut().zip(digits) {
                        *m |= 1 << (d - 1);
                    }
                }
                // A set allows its digits in every cell of the cage.
                None => {
                    let set = f.digits.iter().fold(0, |m, &d| m | 1 << (d - 1));
                    mask.iter_mut().for_each(|m| *m |= set);
                }
            }
        }
        for (&p, m) in rules.shape_cells(s).iter().zip(mask) {
            allowed[p] &= m;
        }
    }
    for (i, sets) in implied {
        if i.distinct {
            let union = sets.iter().flatten().fold(0u32, |m, &d| m | 1 << (d - 1));
            for &p in &i.cells {
                allowed[p] &= union;
            }
        } else {
            for (j, &p) in i.cells.iter().enumerate() {
                allowed[p] &= sets.iter().fold(0u32, |m, f| m | 1 << (f[j] - 1));
            }
        }
    }
    // The items of digit v (from 0) in cell p, colour item aside.
    let cell_items = |items: &mut Vec<(usize, u32)>, p: usize, v: usize| {
        if p >= block {
            items.push((extra_item[p - block], 0));
        } else {
            let (r, c) = (p / size, p % size);
            let mut slots = vec![p, block + r * size + v, 2 * block + c * size + v];
            if let Some(g) = rules.region_of(geo, p) {
                slots.push(3 * block + g * size + v);
            }
            items.extend(slots.into_iter().filter_map(|i| match classic[i] {
                Classic::Primary(i) => Some((i, 0)),
                Classic::Secondary(j) => Some((n_primary + j, 0)),
                Classic::None => None,
            }));
        }
        items.extend(prim_of[p].iter().map(|&b| (b + v, 0)));
        items.extend(sec_of[p].iter().map(|&b| (n_primary + b + v, 0)));
        items.extend(spread_of[p].iter().map(|&s| (n_primary + s, colors[v])));
        for &(lower, higher) in &nc_of[p] {
            if v >= 1 {
                items.push((n_primary + higher + v - 1, 0));
            }
            if v + 1 < size {
                items.push((n_primary + lower + v, 0));
            }
        }
        items.extend(
            enc.cell_primary[p * size + v]
                .iter()
                .map(|&i| (first_clue + i, 0)),
        );
        items.extend(
            enc.cell_plain[p * size + v]
                .iter()
                .map(|&s| (n_primary + first_clue_sec + s, 0)),
        );
        items.extend(
            enc.cell_colours[p]
                .iter()
                .map(|&s| (n_primary + first_clue_sec + s, value_colours[v])),
        );
        items.extend(enc.cell_colour_at[p * size + v].iter().map(|&(s, d)| {
            (
                n_primary + first_clue_sec + s,
                value_colours[usize::from(d) - 1],
            )
        }));
    };
    let mut items: Vec<(usize, u32)> = Vec::with_capacity(16);
    for p in 0..all {
        let live = p >= block || geo.live(p);
        for (v, &color) in colors.iter().enumerate() {
            items.clear();
            if allowed[p] & (1 << v) == 0 || direct_cell[p] || !live {
                add_empty(&mut inst)?;
                continue;
            }
            cell_items(&mut items, p, v);
            if let Some(i) = color_item[p] {
                items.push((n_primary + i, color));
            }
            inst.add_colored_option(&items)
                .map_err(|e| InputError::new(e.to_string()))?;
        }
    }
    let mut seen: Vec<usize> = Vec::new();
    for f in fillings {
        let s = shapes
            .iter()
            .position(|&s| s == f.shape)
            .expect("a filling's shape has an item");
        items.clear();
        items.push((first_shape + s, 0));
        if let Some(base) = set_base[s].filter(|_| f.set) {
            let mut lacks = (0..size).filter(|&v| !f.digits.contains(&(v as u8 + 1)));
            items.extend(lacks.by_ref().map(|v| (base + v, 0)));
            add_or_empty(&mut inst, &mut items, &mut seen)?;
            continue;
        }
        // A digit a cell may not hold (a candidate set, another shape's or an implied sum's
        // digits): the filling can never stand. The colour ties would refuse it; a direct filling
        // covers the cell's items itself, so it must be refused here. Left empty, keeping its
        // number.
        let cells = rules.shape_cells(f.shape);
        if cells
            .iter()
            .zip(&f.digits)
            .any(|(&p, &d)| allowed[p] & (1 << (d - 1)) == 0)
        {
            add_empty(&mut inst)?;
            continue;
        }
        for (&p, &d) in cells.iter().zip(&f.digits) {
            if direct[s] {
                cell_items(&mut items, p, usize::from(d) - 1);
            } else {
                let i = color_item[p].expect("a shape's cells have a colour item");
                items.push((n_primary + i, colors[usize::from(d) - 1]));
            }
        }
        // An item twice: the filling breaks a rule between two of its own cells (consecutive
        // neighbours, say), so it can never be chosen: left empty, keeping its number.
        add_or_empty(&mut inst, &mut items, &mut seen)?;
    }
    for o in &enc.options {
        items.clear();
        // As a shape's filling: a digit its cell may not hold, and the option can never stand.
        if o.cells
            .iter()
            .any(|&(p, d)| allowed[p] & (1 << (d - 1)) == 0)
        {
            add_empty(&mut inst)?;
            continue;
        }
        items.push((first_clue + o.item, 0));
        items.extend(o.more.iter().map(|&i| (first_clue + i, 0)));
        for &(p, d) in &o.cells {
            if clue_direct[o.item] {
                cell_items(&mut items, p, usize::from(d) - 1);
            } else {
                let i = color_item[p].expect("a clue's cells have a colour item");
                items.push((n_primary + i, colors[usize::from(d) - 1]));
            }
        }
        for &(s, c) in &o.colours {
            items.push((n_primary + first_clue_sec + s, colour_ids[&c]));
        }
        items.extend(o.plain.iter().map(|&s| (n_primary + first_clue_sec + s, 0)));
        // An item twice (two cells of a direct piece in one row with one digit): never chosen.
        add_or_empty(&mut inst, &mut items, &mut seen)?;
    }
    // The implied sums' digit sets, last: each covers its item and the items of the digits it lacks;
    // a filling, the items of the digits each of its cells does not hold.
    for (k, (i, sets)) in implied.iter().enumerate() {
        for set in sets {
            items.clear();
            items.push((first_implied + k, 0));
            if i.distinct {
                let lacks = (0..size).filter(|&v| !set.contains(&(v as u8 + 1)));
                items.extend(lacks.map(|v| (implied_base[k] + v, 0)));
            } else {
                for (j, &d) in set.iter().enumerate() {
                    items.push((n_primary + spread_first[k] + j, colors[usize::from(d) - 1]));
                }
            }
            add_or_empty(&mut inst, &mut items, &mut seen)?;
        }
    }
    state_matchings(&mut inst, geo, rules, &classic, &prim_of);
    Ok(inst)
}

/// States the matchings of a Sudoku ([`Instance::add_matching`]) for propagation to filter: each
/// house of N cells (row, column, region, and the groups of N cells with a primary item a digit:
/// diagonals, windows, extra regions, cages stated by digit sets, implied sums) matches its cells
/// with its digits, where all those items are primary; the search checks each against the options
/// and leaves those that some option breaks (a shape filled whole holding two of its cells, a
/// digit set covering digits of it with no cell).
///
/// A digit's rows also match its columns (and its regions), the fish; stated too, they gave up
/// more options but cost more than they saved: on ISS's collection, 3 s a puzzle, one at a time,
/// 253 solved (capped sum 77.7 s) against 255 (75.4 s) with the houses alone; "Beauty Mark" 0.30 s
/// to 0.61 s (benches/JOURNAL.md, 2026-12-08).
fn state_matchings(
    inst: &mut Instance,
    geo: Geometry,
    rules: &Rules,
    classic: &[Classic],
    prim_of: &[Vec<usize>],
) {
    let size = geo.size();
    let block = size * size;
    let prim = |slot: usize| match classic[slot] {
        Classic::Primary(i) => Some(i),
        _ => None,
    };
    let mut state = |xs: Option<Vec<usize>>, ys: Option<Vec<usize>>| match (xs, ys) {
        // A hint: one that cannot be stated (never, as the items are built) is left out.
        (Some(xs), Some(ys)) if xs.len() == size && ys.len() == size => {
            let _ = inst.add_matching(&xs, &ys);
        }
        _ => {}
    };
    // The cells of each classic house: row u, column u, region u.
    let mut houses: [Vec<Vec<usize>>; 3] = std::array::from_fn(|_| vec![Vec::new(); size]);
    for p in geo.live_cells().filter(|&p| p < block) {
        houses[0][p / size].push(p);
        houses[1][p % size].push(p);
        if let Some(g) = rules.region_of(geo, p) {
            houses[2][g].push(p);
        }
    }
    for (k, family) in houses.iter().enumerate() {
        for (u, cells) in family.iter().enumerate() {
            let xs = cells.iter().map(|&p| prim(p)).collect();
            let ys = (0..size)
                .map(|v| prim((k + 1) * block + u * size + v))
                .collect();
            state(xs, ys);
        }
    }
    // The extra regions: the cells of each primary group of N items.
    let mut groups: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
    for (p, bases) in prim_of.iter().enumerate().take(block) {
        for &b in bases {
            groups.entry(b).or_default().push(p);
        }
    }
    for (&base, cells) in &groups {
        let xs = cells.iter().map(|&p| prim(p)).collect();
        state(xs, Some((base..base + size).collect()));
    }
}

/// Where a classic item of the V×V numbering went (see [`instance_with`]).
#[derive(Clone, Copy)]
enum Classic {
    Primary(usize),
    /// Numbered among the secondary items.
    Secondary(usize),
    /// A dead cell's, or a unit's without cells.
    None,
}

/// Adds an empty option: one that can never be chosen, keeping its number (a cell's digit it may
/// not hold, a filling with such a digit).
fn add_empty(inst: &mut Instance) -> Result<(), InputError> {
    inst.add_option(&[])
        .map(|_| ())
        .map_err(|e| InputError::new(e.to_string()))
}

/// Adds `items` as an option, or an empty option (keeping its number) when an item stands in it
/// twice: such an option could never be chosen. `seen` is scratch space.
fn add_or_empty(
    inst: &mut Instance,
    items: &mut Vec<(usize, u32)>,
    seen: &mut Vec<usize>,
) -> Result<(), InputError> {
    seen.clear();
    seen.extend(items.iter().map(|&(i, _)| i));
    seen.sort_unstable();
    seen.dedup();
    if seen.len() < items.len() {
        items.clear();
    }
    inst.add_colored_option(items)
        .map(|_| ())
        .map_err(|e| InputError::new(e.to_string()))
}
