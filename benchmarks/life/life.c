/* life.c: hand-written C baseline for life.apl.
 * Builds the same M×M board (life2.apl's 40×40 board of gliders, reshaped), runs N generations
 * of Conway's Game of Life on the torus (a cell lives when the 3×3 sum around it, itself
 * included, is 3, or 4 and it was alive), and prints the live-cell count and the sum of the live
 * cells' 1-based row+column indices.
 * Usage: life [N [M]]   (defaults N = 100, M = 40) */
#include "../common/aplprint.h"

typedef unsigned char cell;

/* square from the APL: x ← (5⊖b), 3⌽⍉b  (n × 2n), then x ⍪ 4⊖x  (2n × 2n). */
static cell *square(const cell *b, long n) {
  cell *x = apl_alloc((size_t)(n * 2 * n), sizeof(cell));
  cell *result = apl_alloc((size_t)(4 * n * n), sizeof(cell));
  long r, c;
  for (r = 0; r < n; ++r)
    for (c = 0; c < 2 * n; ++c)
      x[r * 2 * n + c] = c < n ? b[((r + 5) % n) * n + c] : b[((c - n + 3) % n) * n + r];
  for (r = 0; r < 2 * n; ++r)
    for (c = 0; c < 2 * n; ++c)
      result[r * 2 * n + c] = r < n ? x[r * 2 * n + c] : x[((r - n + 4) % n) * 2 * n + c];
  free(x);
  return result;
}

/* The 40×40 board: a glider in the bottom-right corner of a 10×10 board (⍉¯10↑⍉¯10↑glider),
 * squared twice. */
static cell *initial_board40(void) {
  static const cell glider[3][3] = {{1, 1, 1}, {1, 0, 0}, {0, 1, 0}};
  cell board10[100] = {0};
  cell *board20, *board40;
  int i, j;
  for (i = 0; i < 3; ++i)
    for (j = 0; j < 3; ++j) board10[(7 + i) * 10 + 7 + j] = glider[i][j];
  board20 = square(board10, 10);
  board40 = square(board20, 20);
  free(board20);
  return board40;
}

static void generation(const cell *from, cell *to, long m) {
  long r, c;
  for (r = 0; r < m; ++r) {
    const cell *up = from + ((r + m - 1) % m) * m;
    const cell *mid = from + r * m;
    const cell *down = from + ((r + 1) % m) * m;
    for (c = 0; c < m; ++c) {
      long left = c == 0 ? m - 1 : c - 1;
      long right = c == m - 1 ? 0 : c + 1;
      int n = up[left] + up[c] + up[right] + mid[left] + mid[c] + mid[right] + down[left] +
              down[c] + down[right];
      to[r * m + c] = (cell)(n == 3 || (n == 4 && mid[c]));
    }
  }
}

int main(int argc, char **argv) {
  long long generations = apl_size_arg(argc, argv, 1, 100);
  long m = (long)apl_size_arg(argc, argv, 2, 40);
  cell *board40 = initial_board40();
  cell *board = apl_alloc((size_t)(m * m), sizeof(cell));
  cell *next = apl_alloc((size_t)(m * m), sizeof(cell));
  long long checksum[2] = {0, 0};
  long long g;
  long i;
  for (i = 0; i < m * m; ++i) board[i] = board40[i % 1600]; /* M M ⍴ , board40 */
  for (g = 0; g < generations; ++g) {
    cell *t;
    generation(board, next, m);
    t = board;
    board = next;
    next = t;
  }
  for (i = 0; i < m * m; ++i) {
    if (board[i]) {
      checksum[0] += 1;
      checksum[1] += i / m + 1 + i % m + 1;
    }
  }
  apl_print_ints(checksum, 2);
  free(board40);
  free(board);
  free(next);
  return 0;
}
