⍝ Black-Scholes: price N European call options (S=60, X=65, r=0.1, v=0.2) with expiries
⍝ T = (⍳N)÷N years and print their average price. CND is the 5-term polynomial approximation
⍝ of the cumulative normal distribution, as in apltail's blacksch.apl; it works on one scalar
⍝ (a +.× k*⍳5), so the prices are computed with each (¨).
⍝ Sizes: N=100000 (thesis Table 3.1), N=10000000 (Table 3.6).
N ← 1000

CND ← {
    X ← ⍵
    a ← 0.31938153 ¯0.356563782 1.781477937 ¯1.821255978 1.330274429

    l ← |X
    k ← ÷1+0.2316419×l
    w ← 1 - (÷((2×(○1))*0.5)) × (*-(l×l)÷2) × (a +.× (k*⍳5))

    ⍝ This magic sets w = 1-w if X<0
    ((|0⌊×X)×(1-w))+(1-|0⌊×X)×w
}

⍝ S - current price, X - strike price, r - riskless interest rate, v - volatility
S ← 60
X ← 65
r ← 0.1
v ← 0.2

d1 ← { ((⍟S÷X)+(r+(v*2)÷2)×⍵)÷(v×⍵*0.5) }
d2 ← { (d1 ⍵)-v×⍵*0.5 }

⍝ Call price for expiry ⍵ (years)
callPrice ← { (S×CND(d1 ⍵))-(X×*-r×⍵)×CND(d2 ⍵) }

avg ← { (+/⍵)÷⊃⍴⍵ }

⎕ ← avg callPrice¨ (⍳N)÷N
