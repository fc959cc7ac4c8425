package mahbousse

// trained are the weights Eval uses, printed by
// PLATEAU_TRAIN=games go test ./ai/mahbousse -run TestTrain -v
// (training starts from the weights below: run it again to go on). These
// are two runs of 3000 games (PLATEAU_TRAIN_SEED 0 then 2) from a start
// that knew only the pip lead.
var trained = Weights{
	fOff:         2.4087,
	fPins19:      3.1972,
	fPins13:      1.3528,
	fPins7:       0.8426,
	fPins1:       0.2302,
	fClosed1:     -1.2553,
	fClosed7:     -0.4673,
	fClosed13:    0.8509,
	fClosed19:    0.6047,
	fPrime:       0.3488,
	fPrime2:      -0.2159,
	fShotsBack:   -0.3355,
	fShotsFront:  -0.3179,
	fStart:       0.5079,
	fHome:        -2.6929,
	fSpread:      0.1982,
	fBlots:       0.3050,
	fAway:        0.3303,
	fContactPips: 0.5498,
	fRaceLead:    0.7739,
	fTempo:       -0.0115,
	fRaceTempo:   0.0659,
}
