#!/usr/bin/env python3
"""gen.py SEED: prints one small, well-typed APL program in aplc's supported subset (scalar
functions, structural primitives, indexing, indexed assignment, dfns with guards, ⍣ with literal
and computed counts, ¨, ∘.f and f.g). Deterministic per seed. The programs may raise APL errors
(LENGTH, INDEX, DOMAIN, ...) at run time: every path must raise the same one.

Values are tracked with their element type (bool, int, double, char) and, where it is known, their
shape, so that most dyadic applications conform; where the shape is not known (compress by a
computed mask) it is None and the value is used only where any shape works."""
import random
import sys

BOOL, INT, DBL, CHR = 'bool', 'int', 'dbl', 'chr'
NUMERIC = (BOOL, INT, DBL)


class V:
    """An expression: its APL text (parenthesised when not atomic), element type, shape or None."""

    def __init__(self, text, typ, shape, atomic=False):
        self.text, self.typ, self.shape, self.atomic = text, typ, shape, atomic

    @property
    def rank(self):
        return None if self.shape is None else len(self.shape)

    def p(self):
        return self.text if self.atomic else '(' + self.text + ')'


def num(x):
    return ('¯' + str(-x)) if x < 0 else str(x)


def dnum(x):
    s = repr(x)
    if s.endswith('.0'):
        s = s[:-2]
    return s.replace('-', '¯')


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.vars = []   # (name, V)
        self.fns = []    # (name, monadic result-type rule)
        self.n = 0

    def choice(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    # ---------- leaves ----------
    def scalar_lit(self, typ):
        r = self.r
        if typ == BOOL:
            return str(r.randint(0, 1))
        if typ == INT:
            if self.chance(0.04):
                return num(self.choice([9223372036854775807, -9223372036854775807, 4611686018427387904,
                                        2147483647, -2147483648]))
            return num(r.randint(-9, 9))
        if typ == DBL:
            return dnum(self.choice([0.5, -1.5, 2.25, 0.1, -0.75, 3.0e10, 1e-3, 7.5]))
        return self.choice("abcyz ABx")

    def literal(self, typ, shape):
        n = 1
        for d in shape:
            n *= d
        if typ == CHR:
            k = max(1, min(n, self.r.randint(1, 4)))
            s = ''.join(self.scalar_lit(CHR) for _ in range(k))
            body = "'" + s + "'"
            if len(shape) == 1 and k == n and n != 1:
                return V(body, CHR, shape, True)
            if len(shape) == 0:
                return V("'" + s[0] + "'", CHR, (), True)
        else:
            k = max(1, min(n, self.r.randint(1, 5)))
            body = ' '.join(self.scalar_lit(typ) for _ in range(k))
            if len(shape) == 0:
                return V(body.split(' ')[0], typ, (), True)
            if len(shape) == 1 and k == n and n != 1:
                return V(body, typ, shape, True)
        if n == 0 and self.chance(0.5):
            return V(' '.join(map(str, shape)) + '⍴' + ('⍬' if typ != CHR else "''"), typ, shape)
        return V(' '.join(map(str, shape)) + '⍴' + body, typ, shape)

    def rand_shape(self, rank=None):
        if rank is None:
            rank = self.choice([0, 1, 1, 1, 2, 2, 3])
        return tuple(self.choice([0, 1, 1, 2, 2, 3, 3, 4, 5]) if self.chance(0.95) else 0
                     for _ in range(rank))

    def rand_type(self):
        return self.choice([BOOL, INT, INT, INT, DBL, CHR])

    # ---------- expressions ----------
    def expr(self, depth, typ=None, shape='any'):
        """A value; typ and shape constrain it when given (shape 'any' means no constraint)."""
        if typ is None:
            typ = self.rand_type()
        if depth <= 0 or self.chance(0.25):
            return self.leaf(typ, shape)
        forms = [self.monadic_scalar, self.dyadic_scalar, self.structural, self.reduction,
                 self.indexing, self.dfn_call, self.power, self.each, self.outer, self.inner,
                 self.compress]
        weights = [3, 5, 4, 2, 3, 2, 2, 1, 1, 1, 2]
        for _ in range(6):
            f = self.r.choices(forms, weights)[0]
            v = f(depth - 1, typ, shape)
            if v is not None:
                return v
        return self.leaf(typ, shape)

    def leaf(self, typ, shape):
        cands = [(n, v) for n, v in self.vars if v.typ == typ and (shape == 'any' or v.shape == shape)]
        if cands and self.chance(0.5):
            n, v = self.choice(cands)
            return V(n, v.typ, v.shape, True)
        if shape == 'any':
            shape = self.rand_shape()
        if typ == INT and len(shape) == 1 and self.chance(0.25):
            return V('⍳' + str(shape[0]), INT, shape)
        return self.literal(typ, shape)

    def monadic_scalar(self, d, typ, shape):
        if typ == CHR:
            return None
        if typ == BOOL:
            x = self.expr(d, BOOL, shape)
            return V('~' + x.p(), BOOL, x.shape)
        if typ == INT:
            op = self.choice(['-', '|', '×', '⌊', '⌈', '!', '-', '|'])
            if op in '⌊⌈':
                x = self.expr(d, DBL, shape)
            elif op == '!':
                x = self.expr(d, self.choice([BOOL, INT]), shape)
                x = V('|' + x.p(), INT, x.shape)   # mostly non-negative; ! of ints is an int
                # ! of an int array is a double in APL only for non-integers: keep it small
                x = V('5|' + x.p(), INT, x.shape)
            else:
                x = self.expr(d, self.choice([INT, INT, BOOL]), shape)
            return V(op + x.p(), INT, x.shape)
        op = self.choice(['÷', '*', '⍟', '-', '÷', '○'])
        x = self.expr(d, self.choice([INT, DBL, BOOL]), shape)
        return V(op + x.p(), DBL, x.shape)

    def dyadic_scalar(self, d, typ, shape):
        if typ == CHR:
            return None
        if typ == BOOL:
            if self.chance(0.5):
                op = self.choice(['=', '≠'])
                at = self.choice([INT, CHR, BOOL, DBL])
            elif self.chance(0.6):
                op = self.choice(['<', '≤', '>', '≥', '=', '≠'])
                at = self.choice([INT, DBL, BOOL])
            else:
                op = self.choice(['∧', '∨', '⍱', '⍲'])
                at = BOOL
            lt = rt = at
        elif typ == INT:
            op = self.choice(['+', '-', '×', '⌊', '⌈', '|', '+', '!'])
            lt, rt = self.choice([INT, BOOL]), self.choice([INT, BOOL])
        else:
            op = self.choice(['+', '-', '×', '÷', '⌊', '⌈', '*', '|'])
            lt, rt = self.choice([(DBL, INT), (INT, DBL), (DBL, DBL), (INT, INT)]) if op != '÷' else (INT, INT)
            if op in '+-×⌊⌈|*' and lt == INT and rt == INT:
                lt = DBL
        ext = self.r.random()
        if ext < 0.2:
            l = self.expr(d, lt, ())
            r = self.expr(d, rt, shape)
        elif ext < 0.4:
            r = self.expr(d, rt, ())
            l = self.expr(d, lt, shape)
        else:
            r = self.expr(d, rt, shape)
            l = self.expr(d, lt, r.shape if r.shape is not None else 'any')
        res_shape = r.shape if (l.shape == () or l.shape == r.shape) else l.shape if r.shape == () else r.shape
        if l.shape is None or r.shape is None:
            res_shape = None
        return V(l.p() + op + r.p(), typ, res_shape)

    def structural(self, d, typ, shape):
        k = self.r.randint(0, 13)
        if k == 0:  # reverse
            x = self.expr(d, typ, shape)
            return V(self.choice(['⌽', '⊖']) + x.p(), typ, x.shape)
        if k == 1:  # rotate
            x = self.expr(d, typ, shape)
            c = self.choice([num(self.r.randint(-4, 4)), '(+/1 1)', '(-/3 1)'])
            return V(c + self.choice(['⌽', '⊖']) + x.p(), typ, x.shape)
        if k == 2:  # transpose
            x = self.expr(d, typ, shape if shape == 'any' or shape is None else tuple(reversed(shape)))
            return V('⍉' + x.p(), typ, None if x.shape is None else tuple(reversed(x.shape)))
        if k == 3:  # ravel
            x = self.expr(d, typ)
            n = None
            if x.shape is not None:
                n = 1
                for e in x.shape:
                    n *= e
            return V(',' + x.p(), typ, None if n is None else (n,))
        if k == 4:  # take
            x = self.expr(d, typ)
            if x.rank is None or x.rank == 0:
                return V(num(self.r.randint(-4, 4)) + '↑' + x.p(), typ, None)
            c = [self.r.randint(-5, 5) for _ in range(self.r.randint(1, x.rank))]
            sh = tuple(abs(c[i]) if i < len(c) else x.shape[i] for i in range(x.rank))
            return V(' '.join(map(num, c)) + '↑' + x.p(), typ, sh)
        if k == 5:  # drop
            x = self.expr(d, typ)
            if x.rank is None or x.rank == 0:
                return V(num(self.r.randint(-4, 4)) + '↓' + x.p(), typ, None)
            c = [self.r.randint(-4, 4) for _ in range(self.r.randint(1, x.rank))]
            sh = tuple(max(0, x.shape[i] - abs(c[i])) if i < len(c) else x.shape[i] for i in range(x.rank))
            if self.chance(0.2):
                return V('(,' + num(c[0]) + ')↓' + x.p(), typ, sh if x.rank == 1 else None)
            return V(' '.join(map(num, c)) + '↓' + x.p(), typ, sh)
        if k == 6:  # reshape
            sh = self.rand_shape() if shape == 'any' or shape is None else shape
            x = self.expr(d, typ)
            if sh == ():
                return V('⊃' + x.p(), typ, ())
            return V(' '.join(map(str, sh)) + '⍴' + x.p(), typ, sh)
        if k == 7:  # catenate
            x = self.expr(d, typ)
            y = self.expr(d, typ, x.shape if x.shape is not None and self.chance(0.8) else 'any')
            op = self.choice([',', '⍪'])
            sh = None
            if x.shape is not None and y.shape is not None and x.shape == y.shape and x.rank >= 1:
                ax = x.rank - 1 if op == ',' else 0
                sh = tuple(e * 2 if i == ax else e for i, e in enumerate(x.shape))
            return V(x.p() + op + y.p(), typ, sh)
        if k == 8 and typ == INT:  # shape, tally, iota
            x = self.expr(d)
            op = self.choice(['⍴', '≢', '⍳≢', '⍴⍴'])
            sh = {'⍴': None if x.rank is None else (x.rank,), '≢': (), '⍳≢': None, '⍴⍴': (1,)}[op]
            return V(op + x.p(), INT, sh)
        if k == 9:  # first
            x = self.expr(d, typ)
            return V('⊃' + x.p(), typ, ())
        if k == 10 and typ == INT:  # index of / membership
            x = self.expr(d, INT, (self.r.randint(0, 5),))
            y = self.expr(d, INT, shape)
            return V(x.p() + '⍳' + y.p(), INT, y.shape)
        if k == 11 and typ == BOOL:
            x = self.expr(d, INT, shape)
            y = self.expr(d, INT)
            return V(x.p() + '∊' + y.p(), BOOL, x.shape)
        if k == 12 and typ == BOOL:
            x = self.expr(d, INT)
            y = self.expr(d, INT)
            return V(x.p() + '≡' + y.p(), BOOL, ())
        if k == 13:  # assignment inside an expression is not generated; an indexed read instead
            return self.indexing(d, typ, shape)
        return self.more_structural(d, typ, shape)

    def more_structural(self, d, typ, shape):
        k = self.r.randint(0, 5)
        if k == 0 and typ == INT:  # grade
            x = self.expr(d, self.choice([INT, DBL, BOOL]), (self.r.randint(0, 6),))
            return V(self.choice(['⍋', '⍒']) + x.p(), INT, x.shape)
        if k == 1:  # sort by grade
            x = self.expr(d, self.choice([INT, DBL]) if typ in (INT, DBL) else typ, (self.r.randint(0, 6),))
            if x.typ != typ or typ == CHR:
                return None
            name = self.new_name('s')
            self.pre.append(name + '←' + x.text)
            return V(name + '[' + self.choice(['⍋', '⍒']) + name + ']', typ, x.shape)
        if k == 2 and typ == CHR:  # format
            x = self.expr(d, self.choice([INT, DBL, BOOL]), (self.r.randint(0, 4),) if self.chance(0.7) else ())
            return V('⍕' + x.p(), CHR, None)
        if k == 3:  # expand
            x = self.expr(d, typ, (self.r.randint(0, 4),))
            if x.shape is None or len(x.shape) != 1:
                return None
            n = x.shape[0]
            m = [1] * n + [0] * self.r.randint(0, 3)
            self.r.shuffle(m)
            if self.chance(0.1):
                m.append(1)  # a mask with too many ones: LENGTH ERROR
            mt = ' '.join(map(str, m)) if len(m) != 1 else '(,' + str(m[0]) + ')'
            if not m:
                mt = '(0⍴0)'
            return V(mt + chr(92) + x.p(), typ, (len(m),))
        if k == 4:  # left / right
            x = self.expr(d, typ, shape)
            y = self.expr(d)
            if self.chance(0.5):
                return V(x.p() + '⊣' + y.p(), typ, x.shape)
            return V(y.p() + '⊢' + x.p(), typ, x.shape)
        if k == 5:  # rank 3 reshape and transpose with an axis permutation
            x = self.expr(d, typ)
            sh = tuple(self.r.randint(1, 3) for _ in range(3))
            perm = [1, 2, 3]
            self.r.shuffle(perm)
            nsh = [0, 0, 0]
            for i, p in enumerate(perm):
                nsh[p - 1] = sh[i]
            return V(' '.join(map(str, perm)) + '⍉' + ' '.join(map(str, sh)) + '⍴' + x.p(), typ, tuple(nsh))
        return None

    def reduction(self, d, typ, shape):
        if typ == CHR:
            return None
        op = {BOOL: ['∧', '∨', '≠', '='], INT: ['+', '×', '⌈', '⌊', '-'],
              DBL: ['+', '×', '⌈', '⌊', '÷', '-']}[typ]
        op = self.choice(op)
        at = typ if typ != INT else self.choice([INT, BOOL])
        kind = self.choice(['/', '⌿', '\\', '⍀'])
        x = self.expr(d, at)
        sh = None
        if x.shape is not None:
            if kind in '/⌿':
                if x.rank == 0:
                    sh = ()
                else:
                    ax = x.rank - 1 if kind == '/' else 0
                    sh = tuple(e for i, e in enumerate(x.shape) if i != ax)
            else:
                sh = x.shape
        if typ == INT and op == '-' and kind in '\\⍀':
            pass
        return V(op + kind + x.p(), typ, sh)

    def index_vec(self, extent):
        n = self.choice([1, 1, 2, 3, 4])
        hi = max(extent, 1) + (1 if self.chance(0.08) else 0)
        lo = 0 if self.chance(0.04) else 1
        idx = [self.r.randint(lo, hi) for _ in range(n)]
        if n == 1 and self.chance(0.5):
            return str(idx[0]), ()
        if self.chance(0.2):
            return ' '.join(map(str, idx)) + '⍴' + str(idx[0]), tuple([n])
        return ' '.join(map(num, idx)), (n,)

    def indexing(self, d, typ, shape):
        x = self.expr(d, typ)
        if x.shape is None or x.rank == 0:
            return None
        parts, sh = [], []
        for e in x.shape:
            if self.chance(0.25):
                parts.append('')
                sh.append(e)
            else:
                t, s = self.index_vec(e)
                parts.append(t)
                sh.extend(s)
        return V(x.p() + '[' + ';'.join(parts) + ']', typ, tuple(sh))

    def compress(self, d, typ, shape):
        x = self.expr(d, typ)
        if x.shape is None or x.rank == 0:
            return None
        first = self.chance(0.4)
        ext = x.shape[0] if first else x.shape[-1]
        if self.chance(0.5):
            m = [self.r.randint(0, 1) for _ in range(max(ext, 1))]
        else:
            m = [self.r.randint(0, 3) for _ in range(max(ext, 1))]
        if ext == 0:
            m = [self.r.randint(0, 2)]
        if self.chance(0.15):
            mt = '(' + num(len(m)) + '⍴' + ' '.join(map(str, m[:2])) + ')'
            m = (m[:2] * len(m))[:len(m)]
        else:
            mt = ' '.join(map(str, m)) if len(m) > 1 else '(,' + str(m[0]) + ')'
        tot = sum(m) if ext != 0 else 0
        if len(m) == 1 and ext != 0:
            tot = m[0] * ext
        sh = list(x.shape)
        sh[0 if first else -1] = tot
        return V(mt + ('⌿' if first else '/') + x.p(), typ, tuple(sh))

    def new_name(self, prefix):
        self.n += 1
        return prefix + str(self.n)

    def dfn(self, typ):
        """A monadic (sometimes dyadic) dfn from values of typ to values of typ, with guards."""
        body_t = typ
        w = V('⍵', typ, None, True)
        saved = self.vars
        self.vars = saved + [('⍵', w)]
        stmts = []
        if self.chance(0.7):
            g = self.choice(['(⊃,⍵)', '0=⍴⍴⍵', '0=≢,⍵', '1', '0', '(⊃⍴,⍵)>2'])
            if typ == INT or typ == BOOL:
                g = self.choice([g, '0<⊃,⍵', '∨/,⍵>2', '(⊃,⍵)=0'])
            if g == '(⊃,⍵)' and typ != BOOL:
                g = '0=2|≢,⍵'
            stmts.append(g + ':' + self.fn_body(typ))
        stmts.append(self.fn_body(typ))
        self.vars = saved
        return '{' + ' ⋄ '.join(stmts) + '}'

    def fn_body(self, typ):
        # shape-preserving step most of the time (power loops need it)
        k = self.r.randint(0, 7)
        if typ == CHR:
            return self.choice(['⌽⍵', '1⌽⍵', '⊖⍵', '¯1⌽⍵', "'a'⍪1↓⍵" if False else '⍵', '⍉⍉⍵', 'x⍪1↓⍵'.replace('x', "'q'") if False else '⌽⍵'])
        if typ == BOOL:
            return self.choice(['~⍵', '⌽⍵', '1⌽⍵', '⍵∧⌽⍵', '⍵≠1⌽⍵', '⍵'])
        if typ == DBL:
            return self.choice(['⍵×0.5', '⍵+1', '⌽⍵', '⍵÷2', '0.5×⍵+2÷⍵', '-⍵', '1⌽⍵'])
        opts = ['⍵+1', '-⍵', '⌽⍵', '1⌽⍵', '¯1⌽⍵', '⍵×2', '7|⍵×3', '⍵-⌊/,⍵', '⊖⍵', '⍵+⌽⍵',
                '|⍵', '⍵⌈1⌽⍵', '(1↑⍵),1↓⍵', '⍵[⍋⍵]' if False else '⍵×⍵', '+\\⍵', '⍵+1↑⍵' if False else '×⍵']
        return self.choice(opts)

    def dfn_call(self, d, typ, shape):
        if typ == CHR and self.chance(0.5):
            return None
        f = self.dfn(typ)
        x = self.expr(d, typ, shape)
        if self.chance(0.3):
            name = self.new_name('f')
            self.pre.append(name + '←' + f)
            f = name
        if self.chance(0.2) and x.shape is not None:
            # dyadic, ⍺ unused or compared
            a = self.expr(d, INT, ())
            f2 = '{⍺<' + self.choice(['⍺', '0', '3']) + ':' + self.fn_body(typ) + ' ⋄ ' + self.fn_body(typ) + '}'
            return V(a.p() + f2 + x.p(), typ, None)
        return V(f + ' ' + x.p(), typ, None)

    def power(self, d, typ, shape):
        f = self.choice([self.dfn(typ), self.dfn(typ), None])
        if f is None:
            f = self.choice(['⌽', '⊖', '1∘⌽', '¯1∘⌽', '⍉'] + (['-', '|'] if typ == INT else []) +
                            (['~'] if typ == BOOL else []))
        n = self.choice([str(self.r.randint(0, 4)), '(+/1 1)', '(+/1 1 1)', '(+/⍳3)', '(≢' + "'abcd')",
                         '(⊃⍴⍳' + str(self.r.randint(0, 11)) + ')', str(self.r.randint(9, 12))])
        x = self.expr(d, typ, shape)
        sh = x.shape if f not in ('⍉',) else None
        return V('(' + f + '⍣' + n + ')' + x.p(), typ, None if f.startswith('{') else sh)

    def failing_dfn(self, typ):
        """A dfn that fails with different errors at two values of its argument (a DOMAIN ERROR,
        an INDEX ERROR): an each of it reports its first failing element's, whatever order its
        reader takes (a right fold, ⌽, ⍉), as the interpreter does."""
        a, b = self.r.randint(-2, 6), self.r.randint(-2, 6)
        body = self.fn_body(typ) if self.chance(0.5) else '⍵'
        if typ == INT:
            return '{⍵=' + str(a) + ':⍵÷0 ⋄ ⍵=' + str(b) + ':(⍳2)[⍵+3] ⋄ ' + body + '}'
        return '{⍵=' + str(a) + ':÷0 ⋄ ⍵=' + str(b) + ':⍵+(⍳2)[4] ⋄ ' + body + '}'

    def each(self, d, typ, shape):
        if typ == CHR:
            return None
        f = self.failing_dfn(typ) if typ in (INT, DBL) and self.chance(0.5) else self.dfn(typ)
        x = self.expr(d, typ, shape)
        if self.chance(0.3):
            y = self.expr(d, typ, x.shape if x.shape is not None else 'any')
            f2 = '{⍺' + self.choice(['<', '=', '≥']) + '⍵:' + self.fn_body(typ) + ' ⋄ ⍺}'
            if typ == BOOL:
                return V(y.p() + f2 + '¨' + x.p(), typ, None)
            return V(y.p() + f2 + '¨' + x.p(), typ, None)
        return V(f + '¨' + x.p(), typ, x.shape)

    def outer(self, d, typ, shape):
        if typ == CHR:
            return None
        if typ == BOOL:
            op = self.choice(['=', '<', '≠', '≥'])
            at = INT
        elif typ == INT:
            op = self.choice(['+', '×', '-', '⌈', '|'])
            at = INT
        else:
            op = self.choice(['÷', '+', '×'])
            at = self.choice([INT, DBL])
        x = self.expr(d, at, (self.r.randint(0, 4),))
        y = self.expr(d, at, (self.r.randint(0, 4),))
        sh = None if x.shape is None or y.shape is None else x.shape + y.shape
        return V(x.p() + '∘.' + op + y.p(), typ, sh)

    def inner(self, d, typ, shape):
        if typ != INT and typ != BOOL:
            return None
        if typ == INT:
            f, g = self.choice([('+', '×'), ('⌈', '+'), ('⌊', '+'), ('+', '⌈'), ('×', '+')])
            at = INT
        else:
            f, g = self.choice([('∨', '∧'), ('∧', '='), ('∨', '≠')])
            at = self.choice([INT, BOOL])
        n = self.r.randint(0, 4)
        x = self.expr(d, at, (self.r.randint(1, 3), n) if self.chance(0.6) else (n,))
        y = self.expr(d, at, (n, self.r.randint(1, 3)) if self.chance(0.6) else (n,))
        sh = None
        if x.shape is not None and y.shape is not None:
            sh = x.shape[:-1] + y.shape[1:]
        return V(x.p() + f + '.' + g + y.p(), typ, sh)

    # ---------- statements ----------
    def program(self):
        lines = []
        nstmts = self.r.randint(1, 4)
        for _ in range(nstmts):
            self.pre = []
            depth = self.r.randint(1, 4)
            kind = self.r.random()
            if kind < 0.35:
                v = self.expr(depth)
                name = self.new_name('v')
                stmt = name + '←' + v.text
                self.vars.append((name, V(name, v.typ, v.shape, True)))
                lines += self.pre + [stmt]
                if self.chance(0.5):
                    lines.append(name)
            elif kind < 0.5 and self.vars:
                name, v = self.choice(self.vars)
                if name == '⍵' or v.shape is None or v.rank == 0:
                    lines += self.pre + [self.expr(depth).text]
                    continue
                parts = []
                sh = []
                for e in v.shape:
                    t, s = self.index_vec(e)
                    parts.append(t)
                    sh.extend(s)
                val = self.expr(1, v.typ if v.typ != INT else self.choice([INT, BOOL]),
                                () if self.chance(0.5) else tuple(sh))
                lines += self.pre + [name + '[' + ';'.join(parts) + ']←' + val.text, name]
            else:
                lines += self.pre + [self.expr(depth).text]
        return '\n'.join(lines) + '\n'


def main():
    seed = int(sys.argv[1])
    sys.stdout.write(Gen(seed).program())


if __name__ == '__main__':
    main()
