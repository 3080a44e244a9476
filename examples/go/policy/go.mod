module example.invalid/policystudio/policy

go 1.19
