use dlx_studio::core::*;
fn main() {
    let n: usize = std::env::args().nth(1).map_or(13, |a| a.parse().unwrap());
    let organ: Vec<usize> = (0..n).map(|k| if k % 2 == 0 { n / 2 + k / 2 } else { n / 2 - 1 - k / 2 }).map(|v| if n % 2 == 1 { (v + n - 1) % n } else { v }).collect();
    let organ: Vec<usize> = { let mut o: Vec<usize> = (0..n).collect(); o.sort_by_key(|&v| (2 * v as isize - (n as isize - 1)).abs()); let _ = organ; o };
    let mut prim = Vec::new(); for &v in &organ { prim.push(format!("r{v}")); prim.push(format!("c{v}")); }
    let idx = |name: &str| prim.iter().position(|p| p == name).unwrap();
    let rpos: Vec<usize> = (0..n).map(|i| idx(&format!("r{i}"))).collect();
    let cpos: Vec<usize> = (0..n).map(|i| idx(&format!("c{i}"))).collect();
    let sec: Vec<String> = (0..2 * n - 1).map(|d| format!("a{d}")).chain((0..2 * n - 1).map(|d| format!("b{d}"))).collect();
    let mut x = Instance::new(prim, sec).unwrap();
    for i in 0..n { for j in 0..n {
        x.add_option(&[rpos[i], cpos[j], 2 * n + i + j, 2 * n + 2 * n - 1 + (n - 1 + i - j)]).unwrap();
    }}
    let t = std::time::Instant::now();
    let mut s = Search::new(&x);
    s.run(&mut Count);
    println!("{} sols {} nodes {} updates {:.3}s", s.stats().solutions, s.stats().nodes, s.stats().updates, t.elapsed().as_secs_f64());
}
