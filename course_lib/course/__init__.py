"""Course machinery: the scenario the lessons share, the exercises, the widgets and the doctor."""
