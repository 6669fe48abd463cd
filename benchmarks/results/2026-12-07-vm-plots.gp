# Drawn by benchmarks/plot/plot from 2026-12-07-vm-data.tsv: cd into this folder and run gnuplot 2026-12-07-vm-plots.gp
set terminal pngcairo size 1100,640 font ',11'
set datafile separator '\t'
set datafile missing '?'
set key autotitle columnheader
set encoding utf8

# ---- speedup
set output '2026-12-07-vm-speedup.png'
set title "Speed-up over the slowest implementation, each benchmark at its largest size (medians)"
set ylabel "speed-up over the slowest (×, log scale)"
set logscale y
set yrange [0.8:*]
set xrange [-0.6:16 - 0.4]
set style fill solid 0.85 border -1
nbars = 5
colours = "#4d4d4d #1f78b4 #a6cee3 #33a02c #ff7f00"
set boxwidth 1.0 / (nbars + 1)
set key outside below center horizontal
set xtics nomirror scale 0 font ',9' rotate by -35 left
set bmargin 8
set grid ytics
set bmargin 6
x(i) = column(0) + (i - 2 - (nbars + 1) / 2.0) / (nbars + 1.0)
plot '2026-12-07-vm-speedup.dat' using 0:(NaN):xtic(stringcolumn(1)."\n".stringcolumn(2)) notitle, \
     for [i=3:2+nbars] '' using (x(i)):i with boxes lc rgb word(colours, i - 2) title columnheader(i), \
     for [i=3:2+nbars] '' using (x(i)):i:(sprintf("%.3g", column(i))) with labels font ',8' offset 0,0.6 notitle

# ---- memory
set output '2026-12-07-vm-memory.png'
set title "Peak memory, each benchmark at its largest size"
set ylabel "peak resident memory (MiB, log scale)"
set logscale y
set yrange [0.5:*]
set xrange [-0.6:16 - 0.4]
set style fill solid 0.85 border -1
nbars = 5
colours = "#4d4d4d #1f78b4 #a6cee3 #33a02c #ff7f00"
set boxwidth 1.0 / (nbars + 1)
set key outside below center horizontal
set xtics nomirror scale 0 font ',9' rotate by -35 left
set bmargin 8
set grid ytics
set bmargin 6
x(i) = column(0) + (i - 2 - (nbars + 1) / 2.0) / (nbars + 1.0)
plot '2026-12-07-vm-memory.dat' using 0:(NaN):xtic(stringcolumn(1)."\n".stringcolumn(2)) notitle, \
     for [i=3:2+nbars] '' using (x(i)):i with boxes lc rgb word(colours, i - 2) title columnheader(i), \
     for [i=3:2+nbars] '' using (x(i)):i:(sprintf("%.4g", column(i))) with labels font ',8' offset 0,0.6 notitle

# ---- omp
set output '2026-12-07-vm-omp.png'
set title "aplc --target=omp: 2 threads over 1 thread, each benchmark at its largest size (medians)"
set ylabel "speed-up (×)"
unset logscale y
set yrange [0:2 * 1.25 + 0.5]
set xrange [-0.6:16 - 0.4]
set style fill solid 0.85 border -1
set boxwidth 0.6
set key inside top left horizontal
set xtics nomirror scale 0 font ',10'
set grid ytics
set bmargin 6
plot '2026-12-07-vm-omp.dat' using 0:3:xtic(stringcolumn(1)."\n".stringcolumn(2)) with boxes lc rgb "#33a02c" title "measured", \
     '' using 0:3:(sprintf("%.2f", column(3))) with labels offset 0,0.7 font ',9' notitle, \
     2 with lines lw 2 dt 2 lc rgb "#cc0000" title "ideal (2 threads)", \
     1 with lines lw 1 lc rgb "#555555" title "no speed-up"
