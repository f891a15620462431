# Makes test module names unique (domain.test_x) next to other suites' same-named files.
